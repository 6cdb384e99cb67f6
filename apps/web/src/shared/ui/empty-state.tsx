import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { MSG } from '@portal/domain';

export interface EmptyStateProps {
  /** The spec's empty texts: "No data found" (default), "No todo available", "Oops! No Data found", "No data". */
  message?: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** Less padding, for use inside a table cell or a card. */
  compact?: boolean;
}

export function EmptyState({ message = MSG.noDataFound, description, icon, action, compact = false }: EmptyStateProps) {
  return (
    <Stack align="center" justify="center" gap="xs" py={compact ? 'md' : 'xl'} ta="center">
      <ThemeIcon variant="light" color="gray" size={compact ? 36 : 48} radius="xl" aria-hidden>
        {icon ?? <IconDatabaseOff size={compact ? 18 : 24} stroke={1.6} />}
      </ThemeIcon>
      <Text fw={600}>{message}</Text>
      {description ? (
        <Text size="sm" c="dimmed" maw={420}>
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
