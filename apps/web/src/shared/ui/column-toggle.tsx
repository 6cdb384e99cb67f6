import { Button, Divider, Group, Popover, Stack, Switch, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';

export interface ColumnToggleItem<K extends string = string> {
  key: K;
  label: string;
  /** Always shown: its switch is on and cannot be turned off. */
  locked?: boolean;
}

export interface ColumnToggleProps<K extends string = string> {
  columns: readonly ColumnToggleItem<K>[];
  visible: ReadonlySet<K>;
  onToggle: (key: K, show: boolean) => void;
  /** "Hide": hide every column that may be hidden. */
  onHideAll: () => void;
  /** "Select All": show every column. */
  onShowAll: () => void;
  /** Text of the trigger button and heading of the panel. */
  label?: string;
}

/** A button opening a panel with one switch per column, plus Hide and Select All (spec 2.5). */
export function ColumnToggle<K extends string = string>({ columns, visible, onToggle, onHideAll, onShowAll, label = 'Columns' }: ColumnToggleProps<K>) {
  const hidden = columns.filter((c) => !c.locked && !visible.has(c.key)).length;
  return (
    <Popover position="bottom-end" width={280} shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} stroke={1.8} aria-hidden />}>
          {label}
          {hidden > 0 ? ` (${hidden} hidden)` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} p="md">
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
      </Popover.Dropdown>
    </Popover>
  );
}
