import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from '@portal/domain';

export interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'label'> {
  /** The search in force (e.g. from the URL); typing changes it only after the debounce. */
  value: string;
  onSearch: (value: string) => void;
  /** Accessible name; shown above the box unless hideLabel. */
  label: string;
  hideLabel?: boolean;
  debounceMs?: number;
}

/**
 * A search box that reports what was typed after SEARCH_DEBOUNCE_MS of quiet (spec 2.5, 9), at
 * once on Enter, and empty at once on clear.
 */
export function SearchInput({ value, onSearch, label, hideLabel = true, debounceMs = SEARCH_DEBOUNCE_MS, placeholder, ...rest }: SearchInputProps) {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const report = useDebouncedCallback((next: string) => {
    if (next === lastSent.current) return;
    lastSent.current = next;
    onSearch(next);
  }, debounceMs);

  // A search changed from outside (a link, the back button, a reset) replaces what is typed.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  const sendNow = (next: string) => {
    report.cancel();
    if (next === lastSent.current) return;
    lastSent.current = next;
    onSearch(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      sendNow(text.trim());
    } else if (event.key === 'Escape' && text !== '') {
      event.stopPropagation();
      setText('');
      sendNow('');
    }
  };

  return (
    <TextInput
      type="search"
      {...rest}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      placeholder={placeholder ?? label}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        report(next.trim());
      }}
      onKeyDown={onKeyDown}
      leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              sendNow('');
            }}
          />
        ) : null
      }
    />
  );
}
