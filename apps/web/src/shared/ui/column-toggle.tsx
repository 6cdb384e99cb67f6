import { lazy, Suspense, useState } from 'react';
import { Button, Loader, Popover } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { onDemand, useIdlePreload } from './on-demand';
import { PopoverOnDemand } from './popover-on-demand';

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

/** The panel's content (Mantine's Switch): fetched once the page is idle or the button is pointed at (issue 14). */
const loadPanel = onDemand(() => import('./column-toggle-panel'));
const ColumnTogglePanel = lazy(loadPanel);

/** A button opening a panel with one switch per column, plus Hide and Select All (spec 2.5). */

export function ColumnToggle<K extends string = string>(props: ColumnToggleProps<K>) {
  const { columns, visible, label = 'Columns' } = props;
  useIdlePreload(loadPanel);
  const [opened, setOpened] = useState(false);
  const hidden = columns.filter((c) => !c.locked && !visible.has(c.key)).length;
  return (
    <PopoverOnDemand
      opened={opened}
      onChange={setOpened}
      width={280}
      trigger={
        <Button
          variant="default"
          leftSection={<IconColumns size={16} stroke={1.8} aria-hidden />}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          onClick={() => setOpened((o) => !o)}
        >
          {label}
          {hidden > 0 ? ` (${hidden} hidden)` : ''}
        </Button>
      }
    >
      <Popover.Dropdown aria-label={label} p="md">
        <Suspense fallback={<Loader size="sm" aria-label="Loading the columns" />}>
          <ColumnTogglePanel {...(props as unknown as ColumnToggleProps)} />
        </Suspense>
      </Popover.Dropdown>
    </PopoverOnDemand>
  );
}
