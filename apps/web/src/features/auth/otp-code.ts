/**
 * Pure state logic of the one-time-code input (spec 5.5): one digit per box, typing advances,
 * Backspace goes back, pasting a whole code anywhere fills every box, digits only. The component
 * (OtpInput.tsx) only renders the boxes and moves the focus to where these functions say.
 */
import { OTP_LENGTH, isValidOtp } from '@portal/domain';

/** One entry per box: '' (empty) or a single digit '0'..'9'. */
export type OtpDigits = readonly string[];

/** The new boxes and the box that should have the focus next. */
export interface OtpUpdate {
  digits: string[];
  focus: number;
}

const DIGIT = /^\d$/;

export const emptyOtp = (length: number = OTP_LENGTH): string[] => Array.from({ length }, () => '');

export const otpString = (digits: OtpDigits): string => digits.join('');

/** Next is enabled only when every box holds a digit (a 6-digit numeric code). */
export const isOtpComplete = (digits: OtpDigits): boolean => digits.every((d) => DIGIT.test(d)) && isValidOtp(otpString(digits));

const clamp = (index: number, length: number): number => Math.min(Math.max(index, 0), Math.max(length - 1, 0));

/** Writes `chars` (digits) into the boxes from `index` on; what does not fit is dropped. */
function fillFrom(digits: OtpDigits, index: number, chars: string): OtpUpdate {
  const next = [...digits];
  let at = index;
  for (const ch of chars) {
    if (at >= next.length) break;
    next[at] = ch;
    at += 1;
  }
  return { digits: next, focus: clamp(at, next.length) };
}

/**
 * Pasted (or autofilled) text at box `index`. Everything but digits is ignored; a text holding at
 * least a whole code fills every box from the first, whatever box it was pasted into; a shorter
 * one fills from `index` on. Text without any digit changes nothing.
 */
export function applyPaste(digits: OtpDigits, index: number, text: string): OtpUpdate {
  const only = text.replace(/\D/g, '');
  if (only.length === 0) return { digits: [...digits], focus: clamp(index, digits.length) };
  if (only.length >= digits.length) return fillFrom(digits, 0, only.slice(0, digits.length));
  return fillFrom(digits, index, only);
}

/**
 * A key pressed in box `index`. Returns null for keys the input leaves to the browser (Tab,
 * shortcuts, ...). Non-digit printable characters are swallowed without changing anything.
 */
export function applyKey(digits: OtpDigits, index: number, key: string): OtpUpdate | null {
  const last = digits.length - 1;
  if (DIGIT.test(key)) {
    const next = [...digits];
    next[index] = key;
    return { digits: next, focus: clamp(index + 1, digits.length) };
  }
  switch (key) {
    case 'Backspace': {
      const next = [...digits];
      if (next[index] !== '') {
        next[index] = '';
        return { digits: next, focus: index };
      }
      if (index === 0) return { digits: next, focus: 0 };
      next[index - 1] = '';
      return { digits: next, focus: index - 1 };
    }
    case 'Delete': {
      const next = [...digits];
      next[index] = '';
      return { digits: next, focus: index };
    }
    case 'ArrowLeft':
      return { digits: [...digits], focus: clamp(index - 1, digits.length) };
    case 'ArrowRight':
      return { digits: [...digits], focus: clamp(index + 1, digits.length) };
    case 'Home':
      return { digits: [...digits], focus: 0 };
    case 'End':
      return { digits: [...digits], focus: last };
    default:
      // Any other single printable character (a letter, a space, ...) is not a digit: ignore it.
      return key.length === 1 ? { digits: [...digits], focus: index } : null;
  }
}

/**
 * The raw value of box `index` after an input event the key handler did not catch (mobile
 * keyboards that report no key, autofill of a whole code, IME). `value` is what the box now
 * holds: the previous digit plus whatever was typed, or '' when it was cleared.
 */
export function applyInput(digits: OtpDigits, index: number, value: string): OtpUpdate {
  const only = value.replace(/\D/g, '');
  if (value === '' || (only === '' && digits[index] === '')) {
    const next = [...digits];
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (only === '') return { digits: [...digits], focus: index };
  if (only.length >= digits.length) return fillFrom(digits, 0, only.slice(0, digits.length));
  const previous = digits[index] ?? '';
  if (only === previous) return { digits: [...digits], focus: index }; // only a non-digit was added
  let typed = only;
  if (previous !== '' && only.length > 1) {
    // The box kept its old digit: drop it, whichever side of the caret the new one went.
    if (only.startsWith(previous)) typed = only.slice(1);
    else if (only.endsWith(previous)) typed = only.slice(0, -1);
  }
  return fillFrom(digits, index, typed);
}
