import type { ReactNode } from 'react';
import { Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';

export interface PageTitleProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown at the right (wrapping below on narrow screens). */
  actions?: ReactNode;
  /** Heading level; the shell's header holds the page's h1, so sections start at h2. */
  order?: TitleOrder;
}

/** A section heading with an optional line of description and actions at the right. */
export function PageTitle({ title, description, actions, order = 2 }: PageTitleProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={2}>
        <Title order={order} fz={order <= 2 ? 'h3' : 'h4'} fw={600}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
