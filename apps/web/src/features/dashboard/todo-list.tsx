import { Link } from 'react-router';
import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@portal/domain';
import { EmptyState, PageTitle, errorMessage } from '../../shared/ui';
import { todoQuery } from './api';

/** To Do List (spec 2.4): what is due this cycle, each linking to its screen; "No todo available" when nothing is. */
export function TodoList({ vendorId }: { vendorId: string | null }) {
  const todo = useQuery(todoQuery(vendorId));
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Stack gap="sm">
        <PageTitle order={3} title="To Do List" />
        {todo.isPending ? (
          <Stack gap="xs">
            <Skeleton height={36} radius="sm" />
            <Skeleton height={36} radius="sm" />
          </Stack>
        ) : todo.isError ? (
          <Text c="red" size="sm" role="alert">
            {errorMessage(todo.error)}
          </Text>
        ) : todo.data.items.length === 0 ? (
          <EmptyState compact message={MSG.noTodo} icon={<IconChecklist size={18} stroke={1.6} />} />
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="To do">
            {todo.data.items.map((item) => (
              <li key={item.kind}>
                <Anchor component={Link} to={item.link} underline="never" c="inherit" display="block">
                  <Group justify="space-between" wrap="nowrap" p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" size={28} radius="xl" aria-hidden>
                        <IconChecklist size={16} />
                      </ThemeIcon>
                      <Text size="sm" fw={600}>
                        {item.title}
                      </Text>
                    </Group>
                    <IconChevronRight size={16} aria-hidden />
                  </Group>
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
