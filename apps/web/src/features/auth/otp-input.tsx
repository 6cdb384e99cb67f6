import { useEffect, useId, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { PinInput, Text } from '@mantine/core';
import { OTP_LENGTH } from '@portal/domain';
import classes from './auth.module.css';

export interface OtpInputHandle {
  focus: () => void;
}

interface OtpInputProps {
  /** The digits typed so far ('' when none). */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  /** Visible name of the group of boxes. */
  label: string;
  /** Extra text read with the group (for example where the code was sent). */
  description?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  ref?: Ref<OtpInputHandle>;
}

/**
 * The one-time-code boxes (spec 5.5) on Mantine's PinInput: one digit per box, typing advances,
 * Backspace goes back, arrows move, pasting (or the SMS autofill of) a whole code fills every box,
 * anything but digits is refused. Each box is named "Digit n of 6"; the group is named by the
 * label. When every box is empty and the input is enabled, the first box takes the focus (on
 * arrival, after a wrong code and after a resend).
 */
export function OtpInput({ value, onChange, onBlur, label, description, error, disabled = false, ref }: OtpInputProps) {
  const first = useRef<HTMLInputElement>(null);
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const isEmpty = value === '';

  useImperativeHandle(ref, () => ({ focus: () => first.current?.focus() }), []);

  useEffect(() => {
    if (isEmpty && !disabled) first.current?.focus();
  }, [isEmpty, disabled]);

  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className={classes.fieldset} aria-describedby={describedBy} disabled={disabled}>
      <legend className={classes.legend}>{label}</legend>
      {description ? (
        <Text id={descriptionId} size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      <PinInput
        // A stable id from the first render: PinInput keys its boxes by it, and a late id remounts them (and loses the focus).
        id={`${id}-code`}
        ref={first}
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        size="lg"
        gap="xs"
        placeholder=""
        styles={{ root: { justifyContent: 'center' } }}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={Boolean(error)}
        disabled={disabled}
        getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of ${OTP_LENGTH}`, 'aria-invalid': error ? true : undefined })}
      />
      {error ? (
        <Text id={errorId} role="alert" size="sm" c="var(--mantine-color-error)" mt="xs">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
