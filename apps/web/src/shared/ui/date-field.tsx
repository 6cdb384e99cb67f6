import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';

export interface DateFieldProps {
  label: string;
  /** yyyy-mm-dd */
  value: string;
  max: string;
  onChange: (value: string) => void;
}

/** A date box that reports only complete dates, so typing in it is not undone half way. */
export function DateField({ label, value, max, onChange }: DateFieldProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <TextInput
      type="date"
      label={label}
      value={draft}
      max={max}
      w={170}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        if (/^\d{4}-\d{2}-\d{2}$/.test(next)) onChange(next);
      }}
    />
  );
}
