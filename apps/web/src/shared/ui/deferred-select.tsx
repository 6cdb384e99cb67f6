import { useState, type ComponentType, type KeyboardEvent } from 'react';
import { TextInput, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { onDemand, useStandIn } from './on-demand';

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
const selectReady = () => SelectControl !== null;
const loadSelect = onDemand(() =>
  import('./select-control').then((m) => {
    SelectControl = m.default;
    return m;
  }),
);

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A single-choice box (Mantine's Select) whose code is not part of the page's first load: a
 * read-only box with the same label and the chosen option's text stands in until the pointer comes
 * over it or it takes focus (`useStandIn`), and a click (or Enter, Space, an arrow key) on it opens
 * the list as soon as the code is there.
 */
export function DeferredSelect({ label, data, value, onChange, allowDeselect, w }: DeferredSelectProps) {
  const { live, wake, press } = useStandIn(loadSelect, selectReady);
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState(false);

  const shown = value === null ? '' : (data.map((d) => (typeof d === 'string' ? { value: d, label: d } : d)).find((d) => d.value === value)?.label ?? '');
  const open = () => {
    setOpened(true);
    wake();
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
      onPointerOver={wake}
      onFocus={() => {
        setFocused(true);
        wake();
      }}
      onBlur={() => setFocused(false)}
      // Opened on the press (the click may never reach this box: it is replaced when the press
      // swaps in the real one, or when the code arrives before the release), and the click that
      // ends the press kept from the real box (useStandIn's `press`).
      onPointerDown={() => {
        setOpened(true);
        press();
      }}
      onClick={open}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (OPEN_KEYS.has(e.key)) {
          e.preventDefault();
          open();
        }
      }}
    />
  );
  if (!live || !SelectControl) return standIn;
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
