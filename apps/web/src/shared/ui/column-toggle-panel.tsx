import { Button, Divider, Group, Stack, Switch, Text } from '@mantine/core';
import type { ColumnToggleProps } from './column-toggle';

/** The Columns panel's content (one switch per column, Hide, Select All), loaded on demand by ColumnToggle. */
export default function ColumnTogglePanel<K extends string = string>({ columns, visible, onToggle, onHideAll, onShowAll, label = 'Columns' }: ColumnToggleProps<K>) {
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Stack gap={8}>
        {columns.map((c) => (
          <Switch
            key={c.key}
            label={c.label}
            checked={c.locked || visible.has(c.key)}
            disabled={c.locked}
            description={c.locked ? 'Always shown' : undefined}
            onChange={(e) => onToggle(c.key, e.currentTarget.checked)}
          />
        ))}
      </Stack>
      <Divider />
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" size="xs" color="gray" onClick={onHideAll}>
          Hide
        </Button>
        <Button variant="subtle" size="xs" onClick={onShowAll}>
          Select All
        </Button>
      </Group>
    </Stack>
  );
}
