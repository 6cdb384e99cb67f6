import { describe, expect, it } from 'vitest';
import { applyInput, applyKey, applyPaste, emptyOtp, isOtpComplete, otpString } from './otp-code';

const digits = (s: string): string[] => s.split('').map((c) => (c === '_' ? '' : c));

describe('emptyOtp / isOtpComplete', () => {
  it('starts with six empty boxes', () => {
    expect(emptyOtp()).toEqual(['', '', '', '', '', '']);
    expect(isOtpComplete(emptyOtp())).toBe(false);
  });
  it('is complete only with six digits', () => {
    expect(isOtpComplete(digits('12345_'))).toBe(false);
    expect(isOtpComplete(digits('_23456'))).toBe(false);
    expect(isOtpComplete(digits('123456'))).toBe(true);
    expect(otpString(digits('123456'))).toBe('123456');
  });
});

describe('applyKey', () => {
  it('a digit fills the box and advances', () => {
    expect(applyKey(emptyOtp(), 0, '7')).toEqual({ digits: digits('7_____'), focus: 1 });
  });
  it('a digit replaces the digit already in the box', () => {
    expect(applyKey(digits('123___'), 1, '9')).toEqual({ digits: digits('193___'), focus: 2 });
  });
  it('the last box keeps the focus', () => {
    expect(applyKey(digits('12345_'), 5, '6')).toEqual({ digits: digits('123456'), focus: 5 });
  });
  it('Backspace clears a filled box and stays', () => {
    expect(applyKey(digits('123___'), 2, 'Backspace')).toEqual({ digits: digits('12____'), focus: 2 });
  });
  it('Backspace in an empty box clears the previous one and goes back', () => {
    expect(applyKey(digits('123___'), 3, 'Backspace')).toEqual({ digits: digits('12____'), focus: 2 });
  });
  it('Backspace in the first empty box does nothing', () => {
    expect(applyKey(emptyOtp(), 0, 'Backspace')).toEqual({ digits: emptyOtp(), focus: 0 });
  });
  it('Delete clears the box in place', () => {
    expect(applyKey(digits('123456'), 3, 'Delete')).toEqual({ digits: digits('123_56'), focus: 3 });
  });
  it('arrows, Home and End move without changing the code', () => {
    const d = digits('123___');
    expect(applyKey(d, 2, 'ArrowLeft')).toEqual({ digits: d, focus: 1 });
    expect(applyKey(d, 0, 'ArrowLeft')).toEqual({ digits: d, focus: 0 });
    expect(applyKey(d, 2, 'ArrowRight')).toEqual({ digits: d, focus: 3 });
    expect(applyKey(d, 5, 'ArrowRight')).toEqual({ digits: d, focus: 5 });
    expect(applyKey(d, 3, 'Home')).toEqual({ digits: d, focus: 0 });
    expect(applyKey(d, 0, 'End')).toEqual({ digits: d, focus: 5 });
  });
  it('letters and other characters are ignored (digits only)', () => {
    expect(applyKey(digits('1_____'), 1, 'a')).toEqual({ digits: digits('1_____'), focus: 1 });
    expect(applyKey(digits('1_____'), 1, ' ')).toEqual({ digits: digits('1_____'), focus: 1 });
    expect(applyKey(digits('1_____'), 1, '-')).toEqual({ digits: digits('1_____'), focus: 1 });
  });
  it('leaves Tab, Enter and modifier keys to the browser', () => {
    expect(applyKey(emptyOtp(), 0, 'Tab')).toBeNull();
    expect(applyKey(emptyOtp(), 0, 'Enter')).toBeNull();
    expect(applyKey(emptyOtp(), 0, 'Shift')).toBeNull();
  });
  it('does not mutate its input', () => {
    const d = digits('123___');
    applyKey(d, 3, '4');
    applyKey(d, 2, 'Backspace');
    expect(d).toEqual(digits('123___'));
  });
});

describe('applyPaste', () => {
  it('six digits pasted into the first box fill every box', () => {
    expect(applyPaste(emptyOtp(), 0, '123456')).toEqual({ digits: digits('123456'), focus: 5 });
  });
  it('six digits pasted into any box fill every box from the first', () => {
    expect(applyPaste(digits('98____'), 3, '123456')).toEqual({ digits: digits('123456'), focus: 5 });
  });
  it('ignores spaces, dashes and surrounding text', () => {
    expect(applyPaste(emptyOtp(), 2, ' 123-456 ')).toEqual({ digits: digits('123456'), focus: 5 });
    expect(applyPaste(emptyOtp(), 0, 'Your code is 654321')).toEqual({ digits: digits('654321'), focus: 5 });
  });
  it('takes the first six digits of a longer text', () => {
    expect(applyPaste(emptyOtp(), 0, '12345678')).toEqual({ digits: digits('123456'), focus: 5 });
  });
  it('a shorter paste fills from the box on', () => {
    expect(applyPaste(digits('1_____'), 1, '23')).toEqual({ digits: digits('123___'), focus: 3 });
    expect(applyPaste(emptyOtp(), 4, '789')).toEqual({ digits: digits('____78'), focus: 5 });
  });
  it('a paste without digits changes nothing', () => {
    expect(applyPaste(digits('12____'), 2, 'abc')).toEqual({ digits: digits('12____'), focus: 2 });
  });
});

describe('applyInput', () => {
  it('a digit typed into an empty box (no key event) fills it and advances', () => {
    expect(applyInput(emptyOtp(), 0, '5')).toEqual({ digits: digits('5_____'), focus: 1 });
  });
  it('a digit typed into a filled box replaces the old digit', () => {
    expect(applyInput(digits('12____'), 1, '29')).toEqual({ digits: digits('19____'), focus: 2 });
    expect(applyInput(digits('12____'), 1, '92')).toEqual({ digits: digits('19____'), focus: 2 });
  });
  it('a cleared box becomes empty', () => {
    expect(applyInput(digits('123___'), 2, '')).toEqual({ digits: digits('12____'), focus: 2 });
  });
  it('a whole code autofilled into one box fills every box', () => {
    expect(applyInput(emptyOtp(), 0, '246810')).toEqual({ digits: digits('246810'), focus: 5 });
  });
  it('non-digits are rejected', () => {
    expect(applyInput(digits('1_____'), 1, 'x')).toEqual({ digits: digits('1_____'), focus: 1 });
    expect(applyInput(digits('12____'), 1, '2x')).toEqual({ digits: digits('12____'), focus: 1 });
  });
});
