import { useCallback, useEffect, useId, useImperativeHandle, useRef, type ClipboardEvent, type ChangeEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Text } from '@mantine/core';
import { applyInput, applyKey, applyPaste, type OtpUpdate } from './otp-code';
import classes from './auth.module.css';

export interface OtpInputHandle {
  focus: (index?: number) => void;
}

interface OtpInputProps {
  /** One entry per box ('' or a digit); its length is the number of boxes. */
  value: readonly string[];
  onChange: (digits: string[]) => void;
  /** Visible name of the group of boxes. */
  label: string;
  /** Extra text read with the group (for example where the code was sent). */
  description?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  ref?: Ref<OtpInputHandle>;
}

/**
 * The one-time-code boxes: one digit per box, typing advances, Backspace goes back, arrows move,
 * pasting (or autofilling) a whole code anywhere fills every box. The rules live in otpCode.ts.
 * When every box is empty and the input is enabled, the first box takes the focus (on arrival,
 * after a wrong code and after a resend).
 */
export function OtpInput({ value, onChange, label, description, error, disabled = false, ref }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const isEmpty = value.every((d) => d === '');

  const focusBox = useCallback((index: number) => {
    const el = boxes.current[index];
    if (el) {
      el.focus();
      el.select();
    }
  }, []);

  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }), [focusBox]);

  useEffect(() => {
    if (isEmpty && !disabled) focusBox(0);
  }, [isEmpty, disabled, focusBox]);

  const commit = (update: OtpUpdate) => {
    if (update.digits.some((d, i) => d !== value[i])) onChange(update.digits);
    focusBox(update.focus);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // paste, copy, browser shortcuts
    const update = applyKey(value, index, event.key);
    if (!update) return; // Tab, Enter (submits the form), ...
    event.preventDefault();
    commit(update);
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    commit(applyPaste(value, index, event.clipboardData.getData('text')));
  };

  // Input the key handler did not see: mobile keyboards, autofill of the SMS code, IME.
  const onInput = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    commit(applyInput(value, index, event.currentTarget.value));
  };

  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className={classes.fieldset} aria-describedby={describedBy} disabled={disabled}>
      <legend className={classes.legend}>{label}</legend>
      {description ? (
        <Text id={descriptionId} size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      <div className={classes.otpGrid}>
        {value.map((digit, index) => (
          <input
            // The boxes never reorder; the index is their identity.
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            className={classes.otpBox}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${value.length}`}
            aria-invalid={error ? true : undefined}
            value={digit}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            onChange={onInput(index)}
            onFocus={(event) => event.currentTarget.select()}
          />
        ))}
      </div>
      {error ? (
        <Text id={errorId} role="alert" size="sm" c="var(--mantine-color-error)" mt="xs">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
