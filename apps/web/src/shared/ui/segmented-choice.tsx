import { useId } from 'react';
import classes from './segmented-choice.module.css';

export interface SegmentedChoiceProps<T extends string> {
  /** The group's accessible name (a radio group). */
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: readonly { value: T; label: string }[];
  size?: 'xs' | 'sm';
}

/**
 * A few options side by side, one chosen: a radio group (arrow keys move the choice, as Mantine's
 * SegmentedControl's did) whose chosen option is drawn raised by CSS alone. Mantine's
 * SegmentedControl measures its options to slide an indicator under the chosen one: on the
 * dashboard's first render that measuring forced the page's first layout inside React's commit,
 * half of a 150 ms task on the mobile preset's CPU (decision 0041).
 */
export function SegmentedChoice<T extends string>({ label, value, onChange, data, size = 'sm' }: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.root} data-size={size}>
      {data.map((option) => (
        <label key={option.value} className={classes.option} data-active={option.value === value || undefined}>
          <input type="radio" className={classes.input} name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </div>
  );
}
