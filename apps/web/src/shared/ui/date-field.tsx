import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ActionIcon, CloseButton, Loader, Popover, TextInput } from '@mantine/core';
import type { DatePickerProps } from '@mantine/dates';
import { formatDayFirst, invalidDateMessage, readDateText } from './date-text';

export interface DateFieldProps {
  label: string;
  /** yyyy-mm-dd, or '' for none */
  value: string;
  /** Latest date (yyyy-mm-dd) the box takes, typed or picked. */
  max?: string;
  /** Earliest date (yyyy-mm-dd) the box takes, typed or picked. */
  min?: string;
  /**
   * Dates the calendar offers (yyyy-mm-dd, inclusive). Unlike min/max, a date typed outside them
   * still reaches onChange, so that a form's rule names the problem rather than the box undoing it.
   */
  pickable?: { from: string; to: string };
  /** A complete, real date (yyyy-mm-dd); '' when the box is emptied (only when `clearable`). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  clearable?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  /** Width; the filters' 170px unless given. */
  w?: number | string;
  /**
   * The box holds text that is no date (issue 24 item 1): told when that starts (true) and ends
   * (false). The value stays the last date; a form blocks Submit, a search shows no rows meanwhile.
   */
  onInvalidChange?: (invalid: boolean) => void;
}

/**
 * The calendar (@mantine/dates, dayjs and their styles): fetched when a date box is first focused
 * or pointed at, shown when it is clicked (issue 14: not part of any page's first load).
 */
let calendarModule: Promise<typeof import('@mantine/dates')> | null = null;
const loadCalendar = () =>
  (calendarModule ??= Promise.all([import('@mantine/dates'), import('@mantine/dates/styles.css')]).then(([dates]) => dates));
const Calendar = lazy(() => loadCalendar().then((dates) => ({ default: dates.DatePicker as ComponentType<DatePickerProps<'default'>> })));

/**
 * The calendar's first day for a search box: a search's dates are offered up to today through
 * `pickable`, not `max`, so that a later date typed in reaches the page's rule and its message
 * (spec 5.1: "'To Date' cannot be later than today") instead of being silently undone.
 */
export const EARLIEST_PICKABLE_DATE = '1900-01-01';

const CalendarIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12z" />
    <path d="M16 3v4" />
    <path d="M8 3v4" />
    <path d="M4 11h16" />
  </svg>
);

/**
 * A date box in dd/mm/yyyy whatever the browser's locale (issue 14), with a calendar. Typing is
 * read day first (a pasted yyyy-mm-dd too) and reported only once it is a complete, real date
 * within min/max, so that typing is not undone half way. Text that is no date (31/02/2026, or half
 * a date when the box is left) stays as typed with "Please enter a valid <label>" under it until it
 * is corrected (issue 24 item 1); the value stays the last date and onInvalidChange says so.
 * The value stays yyyy-mm-dd. Clicking the box (or its calendar button) opens the calendar.
 */
export function DateField({ label, value, max, min, pickable, onChange, onBlur, clearable = false, required, disabled, error, description, w = 170, onInvalidChange }: DateFieldProps) {
  const [text, setText] = useState(() => formatDayFirst(value));
  const [invalid, setInvalid] = useState(false);
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current === invalid) return;
    reported.current = invalid;
    onInvalidChange?.(invalid);
  }, [invalid, onInvalidChange]);
  const [opened, setOpened] = useState(false);
  // The month the calendar shows: the value's, following what is typed.
  const [month, setMonth] = useState<string | undefined>(value || max || undefined);
  const open = () => {
    if (!opened) setMonth(value || max || undefined);
    setOpened(true);
  };

  // A value set from outside (the URL, a form reset, the calendar) shows unless it is being typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    const read = readDateText(text, { min, max });
    if (!(read.kind === 'date' && read.iso === value) || text.trim() === '') {
      setText(formatDayFirst(value));
      setInvalid(false);
    }
  }

  const typed = (next: string) => {
    setText(next);
    open();
    const read = readDateText(next, { min, max });
    if (read.kind === 'empty') {
      setInvalid(false);
      if (clearable && value) onChange('');
      return;
    }
    if (read.kind === 'date') {
      setInvalid(false);
      setMonth(read.iso);
      if (read.iso !== value) onChange(read.iso);
    } else if (read.kind === 'invalid') setInvalid(true);
  };

  const picked = (iso: string | null) => {
    setOpened(false);
    if (iso === null) {
      if (clearable) {
        setText('');
        setInvalid(false);
        onChange('');
      }
      return;
    }
    const day = iso.slice(0, 10);
    setText(formatDayFirst(day));
    setInvalid(false);
    if (day !== value) onChange(day);
  };

  const rightSection =
    clearable && (value || text) && !disabled ? (
      <CloseButton size="sm" aria-label={`Clear ${label}`} onMouseDown={(e) => e.preventDefault()} onClick={() => picked(null)} />
    ) : (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        tabIndex={-1}
        disabled={disabled}
        aria-label={`Open the calendar of ${label}`}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => (opened ? setOpened(false) : open())}
      >
        <CalendarIcon />
      </ActionIcon>
    );

  return (
    <Popover opened={opened && !disabled} onChange={setOpened} position="bottom-start" shadow="md" withinPortal withRoles={false} trapFocus={false} returnFocus={false}>
      <Popover.Target>
        <TextInput
          label={label}
          value={text}
          placeholder="dd/mm/yyyy"
          autoComplete="off"
          onChange={(e) => typed(e.currentTarget.value)}
          onClick={open}
          onFocus={() => void loadCalendar()}
          onMouseEnter={() => void loadCalendar()}
          // The first Escape closes the calendar only, not the drawer or dialog around the box (issue 24 item 2).
          data-mantine-stop-propagation={opened ? 'true' : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpened(false);
          }}
          onBlur={() => {
            setOpened(false);
            const read = readDateText(text, { min, max }, true);
            if (read.kind === 'invalid') setInvalid(true);
            // A cleared box that cannot be empty shows its date again.
            else if (read.kind === 'date' || !clearable) setText(formatDayFirst(value));
            onBlur?.();
          }}
          rightSection={rightSection}
          required={required}
          disabled={disabled}
          error={invalid ? invalidDateMessage(label) : error}
          description={description}
          w={w}
        />
      </Popover.Target>
      <Popover.Dropdown onMouseDown={(e) => e.preventDefault()}>
        <Suspense fallback={<Loader size="sm" m="md" aria-label="Loading the calendar" />}>
          <Calendar
            value={value || null}
            date={month}
            onDateChange={setMonth}
            onChange={picked}
            minDate={min}
            maxDate={max}
            excludeDate={pickable ? (day: string) => day < pickable.from || day > pickable.to : undefined}
            allowDeselect={clearable}
            firstDayOfWeek={1}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Whether any of a search's date boxes holds text that is no date: the search then shows no rows
 * (the rows of the last good dates would read as the answer to what is on screen).
 */
export function useTypedDates() {
  const [invalid, setInvalid] = useState<Readonly<Record<string, boolean>>>({});
  return {
    any: Object.values(invalid).some(Boolean),
    track: (box: string) => (next: boolean) => setInvalid((prev) => (prev[box] === next ? prev : { ...prev, [box]: next })),
  };
}
