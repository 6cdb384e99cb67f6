import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingBank } from '@tabler/icons-react';
import classes from './auth.module.css';

export const PRODUCT_NAME = 'Employer Portal';

interface AuthLayoutProps {
  /** The screen's own heading (h2), also the start of the document title. */
  title: string;
  /** A line under the heading. */
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card every signed-out screen uses: the product name as the page's h1, then the card. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  useDocumentTitle(`${title} | ${PRODUCT_NAME}`);
  return (
    <main className={classes.page}>
      <Stack className={classes.column} gap="lg">
        <div className={classes.brandMark}>
          <ThemeIcon size={40} radius="md" variant="filled" aria-hidden>
            <IconBuildingBank size={22} stroke={1.8} />
          </ThemeIcon>
          <Title order={1} fz={26} fw={700}>
            {PRODUCT_NAME}
          </Title>
        </div>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={2} fz={20} fw={600}>
                {title}
              </Title>
              {subtitle ? (
                <Text size="sm" c="dimmed">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </main>
  );
}
