import { useState, type ReactNode } from 'react';
import { Badge, Button, Divider, Group, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { PopoverOnDemand } from './popover-on-demand';

export interface FilterPopoverProps {
  /** Text of the trigger button and heading of the panel. */
  label?: string;
  /** Filters in force, shown on the trigger. */
  activeCount?: number;
  /** The panel's content; a function receives `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** With these the panel has a footer: Clear and Apply (Apply closes the panel). */
  onApply?: () => void;
  onClear?: () => void;
  /** Called when the panel opens (e.g. to copy the filters in force into a draft). */
  onOpen?: () => void;
  width?: number;
  disabled?: boolean;
}

/** A Filter button that opens a panel of filters (spec 2.5, 2.19). */
export function FilterPopover({ label = 'Filter', activeCount = 0, children, onApply, onClear, onOpen, width = 320, disabled = false }: FilterPopoverProps) {
  const [opened, setOpened] = useState(false);
  const change = (open: boolean) => {
    if (open && !opened) onOpen?.();
    setOpened(open);
  };
  const close = () => change(false);
  const toggle = () => change(!opened);
  return (
    <PopoverOnDemand
      opened={opened}
      onChange={change}
      width={width}
      trigger={
        <Button
          variant={activeCount > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} stroke={1.8} aria-hidden />}
          rightSection={
            activeCount > 0 ? (
              <Badge size="sm" circle variant="filled">
                {activeCount}
                <VisuallyHidden> active</VisuallyHidden>
              </Badge>
            ) : null
          }
          onClick={toggle}
          disabled={disabled}
          aria-expanded={opened}
        >
          {label}
        </Button>
      }
    >
      <Popover.Dropdown aria-label={label} p="md">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {label}
          </Text>
          {typeof children === 'function' ? children(close) : children}
          {onApply || onClear ? (
            <>
              <Divider />
              <Group justify="flex-end" gap="xs">
                {onClear ? (
                  <Button variant="subtle" size="xs" onClick={onClear}>
                    Clear
                  </Button>
                ) : null}
                {onApply ? (
                  <Button
                    size="xs"
                    onClick={() => {
                      onApply();
                      close();
                    }}
                  >
                    Apply
                  </Button>
                ) : null}
              </Group>
            </>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </PopoverOnDemand>
  );
}
