import { useCallback, useState, type ComponentType, type KeyboardEvent } from 'react';
import { TextInput, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { onDemand, useIdlePreload } from './on-demand';

export interface DeferredSelectProps {
  label: string;
  data: readonly (string | { value: string; label: string })[];
  value: string | null;
  onChange: (value: string | null) => void;
  allowDeselect?: boolean;
  w?: number | string;
}

/** Mantine's Select (its Combobox and floating layer): fetched once the page is idle (issue 14). */
let SelectControl: ComponentType<SelectProps> | null = null;
const loadSelect = onDemand(() =>
  import('./select-control').then((m) => {
    SelectControl = m.default;
    return m;
  }),
);

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A single-choice box (Mantine's Select) whose code is not part of the page's first load: until it
 * has arrived, a read-only box with the same label and the chosen option's text stands in, and a
 * click (or Enter, Space, an arrow key) on it opens the list as soon as the code is there.
 */
export function DeferredSelect({ label, data, value, onChange, allowDeselect, w }: DeferredSelectProps) {
  const [, setLoaded] = useState(SelectControl !== null);
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState(false);
  useIdlePreload(useCallback(() => loadSelect().then(() => setLoaded(true)), []));

  const shown = value === null ? '' : (data.map((d) => (typeof d === 'string' ? { value: d, label: d } : d)).find((d) => d.value === value)?.label ?? '');
  const open = () => {
    setOpened(true);
    void loadSelect().then(() => setLoaded(true));
  };
  const standIn = (
    <TextInput
      label={label}
      value={shown}
      readOnly
      w={w}
      aria-haspopup="listbox"
      rightSection={<IconChevronDown size={16} stroke={1.8} aria-hidden />}
      rightSectionPointerEvents="none"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      // Opened on the press as well: if the code arrives between press and release the box is
      // replaced, and the browser then sends the click to neither box.
      onPointerDown={open}
      onClick={open}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (OPEN_KEYS.has(e.key)) {
          e.preventDefault();
          open();
        }
      }}
    />
  );
  if (!SelectControl) return standIn;
  return (
    <SelectControl
      label={label}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      allowDeselect={allowDeselect}
      w={w}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      autoFocus={focused || opened}
    />
  );
}
