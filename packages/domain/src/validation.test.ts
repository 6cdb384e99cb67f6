import { describe, expect, it } from 'vitest';
import {
  MSG,
  PASSWORD_MIN_LENGTH,
  checkDateRange,
  checkTransactionSearchStart,
  isBlank,
  isValidEmail,
  isValidJumpPage,
  isValidMobile,
  isValidName,
  isValidOtp,
  passwordPolicyMessage,
  passwordPolicyProblems,
  validateAdminForm,
  ChangePasswordForm,
  ResetPasswordForm,
  SignInForm,
  SignUpForm,
  fieldErrors,
  firstError,
} from './index.js';

describe('5.1 general rules', () => {
  it('treats empty and blank strings as empty', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('   ')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
  it('accepts e-mails that look like an e-mail and refuses the rest', () => {
    for (const ok of ['a@b.co', 'first.last+tag@example.co.in', "o'brien@mail.example.com"]) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ['', 'plain', 'a@b', '@b.com', 'a b@c.com', 'a@b..com', 'a@-b.com']) expect(isValidEmail(bad)).toBe(false);
  });
  it('accepts names of 2 to 30 letters, dot, apostrophe, hyphen and space', () => {
    for (const ok of ['Al', "D'Souza", 'Anne-Marie K.', 'A'.repeat(30)]) expect(isValidName(ok)).toBe(true);
    for (const bad of ['A', 'A'.repeat(31), 'R2D2', 'Ravi_K', '..', '  ']) expect(isValidName(bad)).toBe(false);
  });
  it('accepts 10-digit mobiles starting 5 to 9', () => {
    for (const ok of ['5000000000', '9876543210', '6123456789']) expect(isValidMobile(ok)).toBe(true);
    for (const bad of ['4876543210', '987654321', '98765432100', '98765 4321', '+919876543210', '0987654321']) expect(isValidMobile(bad)).toBe(false);
  });
  it('refuses From or To after today and To before From', () => {
    const today = '2026-11-22';
    expect(checkDateRange('2026-11-01', '2026-11-22', today)).toBeNull();
    expect(checkDateRange('2026-11-23', '2026-11-23', today)).not.toBeNull();
    expect(checkDateRange('2026-11-01', '2026-11-23', today)).not.toBeNull();
    expect(checkDateRange('2026-11-10', '2026-11-09', today)).not.toBeNull();
    expect(checkDateRange('2026-11-10', '2026-11-10', today)).toBeNull();
  });
  it('keeps a transaction search start within the last 2 years', () => {
    expect(checkTransactionSearchStart('2024-11-22', '2026-11-22')).toBeNull();
    expect(checkTransactionSearchStart('2024-11-21', '2026-11-22')).toBe(MSG.invalidDateRangeTwoYears);
    expect(MSG.invalidDateRangeTwoYears).toBe("Invalid date range! Please select a 'From Date' within last 2 years.");
  });
  it('keeps the jump-to page between 1 and the page count', () => {
    expect(isValidJumpPage(1, 5)).toBe(true);
    expect(isValidJumpPage(5, 5)).toBe(true);
    expect(isValidJumpPage(0, 5)).toBe(false);
    expect(isValidJumpPage(6, 5)).toBe(false);
    expect(isValidJumpPage(2.5, 5)).toBe(false);
    expect(isValidJumpPage(1, 0)).toBe(true);
  });
});

describe('5.5 passwords and sign-in', () => {
  it('change password: each message of the spec', () => {
    expect(fieldErrors(ChangePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Enter current password',
      newPassword: 'Enter new password',
    });
    expect(fieldErrors(ChangePasswordForm, { currentPassword: 'x', newPassword: 'abcdefgh1', confirmPassword: 'abcdefgh2' })).toEqual({
      confirmPassword: 'Password did not match',
    });
    expect(fieldErrors(ChangePasswordForm, { currentPassword: 'x', newPassword: 'abcdefgh1', confirmPassword: 'abcdefgh1' })).toEqual({});
  });
  it('change password: the server minimum of 8 characters before submit (blank is still "Enter new password")', () => {
    expect(fieldErrors(ChangePasswordForm, { currentPassword: 'x', newPassword: 'abcdefg', confirmPassword: 'abcdefg' })).toEqual({ newPassword: MSG.passwordMinLength });
    expect(fieldErrors(ChangePasswordForm, { currentPassword: 'x', newPassword: ' '.repeat(10), confirmPassword: ' '.repeat(10) })).toEqual({ newPassword: 'Enter new password' });
    expect(MSG.passwordMinLength).toBe(`Minimum ${PASSWORD_MIN_LENGTH} character password required`);
    expect(MSG.passwordRule.startsWith(`At least ${PASSWORD_MIN_LENGTH} characters`)).toBe(true);
  });
  it('admin form: each message of the spec', () => {
    expect(validateAdminForm({ name: 'R', mobile: '123', email: 'nope', branchLocation: '  ' })).toEqual({
      name: 'Invalid name',
      mobile: 'Invalid mobile',
      email: 'Invalid email',
      branchLocation: 'Invalid branch location',
    });
    expect(validateAdminForm({ name: 'Ravi Kumar', mobile: '9876543210', email: 'ravi@example.com', branchLocation: 'Pune' })).toEqual({});
  });
  it('sign-in needs a valid e-mail and a non-empty password, else "Invalid"', () => {
    expect(fieldErrors(SignInForm, { email: 'a@b.co', password: 'x' })).toEqual({});
    expect(fieldErrors(SignInForm, { email: 'a@b', password: 'x' })).toEqual({ email: 'Invalid' });
    expect(fieldErrors(SignInForm, { email: 'a@b.co', password: '' })).toEqual({ password: 'Invalid' });
  });
  it('sign-up also needs a matching re-entry, and the server minimum of 8 characters', () => {
    expect(firstError(SignUpForm, { email: 'a@b.co', password: 'xxxxxxxx', confirmPassword: 'xxxxxxxx' })).toBeNull();
    expect(fieldErrors(SignUpForm, { email: 'a@b.co', password: 'xxxxxxxx', confirmPassword: 'y' })).toEqual({ confirmPassword: 'Password did not match' });
    expect(fieldErrors(SignUpForm, { email: 'bad', password: 'xxxxxxxx', confirmPassword: 'xxxxxxxx' })).toEqual({ email: 'Invalid' });
    expect(fieldErrors(SignUpForm, { email: 'a@b.co', password: 'xxxxxxxx', confirmPassword: '' })).toEqual({ confirmPassword: 'Invalid' });
    expect(fieldErrors(SignUpForm, { email: 'a@b.co', password: '', confirmPassword: '' })).toEqual({ password: 'Invalid', confirmPassword: 'Invalid' });
    expect(fieldErrors(SignUpForm, { email: 'a@b.co', password: 'x', confirmPassword: 'x' })).toEqual({ password: MSG.passwordMinLength });
    // "Invalid" comes first when the form has both problems.
    expect(firstError(SignUpForm, { email: 'bad', password: 'xxxxxxxx', confirmPassword: 'y' })).toBe('Invalid');
  });
  it('reset password: the spec 6 characters, the server 8, and matching', () => {
    expect(fieldErrors(ResetPasswordForm, { password: '12345', confirmPassword: '12345' })).toEqual({ password: 'Minimum 6 character password required' });
    // 6 and 7 characters passed the form and then failed on the server (issue 15): the form says so first.
    expect(fieldErrors(ResetPasswordForm, { password: '123456', confirmPassword: '123456' })).toEqual({ password: MSG.passwordMinLength });
    expect(fieldErrors(ResetPasswordForm, { password: '1234567', confirmPassword: '1234567' })).toEqual({ password: MSG.passwordMinLength });
    expect(fieldErrors(ResetPasswordForm, { password: '12345678', confirmPassword: '12345679' })).toEqual({ confirmPassword: "Password didn't match" });
    expect(firstError(ResetPasswordForm, { password: '12345678', confirmPassword: '12345678' })).toBeNull();
    // Characters, as the server counts them: 8 emoji are 16 UTF-16 units but 8 characters.
    expect(firstError(ResetPasswordForm, { password: '😀'.repeat(7), confirmPassword: '😀'.repeat(7) })).toBe(MSG.passwordMinLength);
    expect(MSG.invalidResetLink).toBe('Invalid reset link');
  });
  it('one-time code: exactly 6 digits', () => {
    expect(isValidOtp('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ' 12345', '']) expect(isValidOtp(bad)).toBe(false);
  });
  it('password policy: 8+ characters, no common passwords, no truncation', () => {
    expect(passwordPolicyProblems('Correct-Horse-77')).toEqual([]);
    expect(passwordPolicyProblems('short1')).toContain('at least 8 characters');
    expect(passwordPolicyProblems('Password123')).toContain('not a commonly used password');
    expect(passwordPolicyProblems('x'.repeat(128))).toEqual([]);
    expect(passwordPolicyProblems('x'.repeat(129))).toContain('at most 128 characters');
    expect(passwordPolicyProblems('ravikumar', { email: 'ravikumar@example.com' })).toContain('not your e-mail name');
    expect(passwordPolicyMessage(['at least 8 characters']).startsWith('Missing password requirements')).toBe(true);
  });
  it('keeps the spec messages verbatim', () => {
    expect(MSG.signedUp).toBe('You have successfully signed up!');
    expect(MSG.verificationMailSent).toBe('A verification mail has been sent to your email id. Please click on that link and verify your login');
    expect(MSG.passwordExpired).toBe('Password Expired. Please click on below Forget Password link to reset it.');
    expect(MSG.currentPasswordWrong).toBe('Current password is wrong!');
    expect(MSG.passwordUpdated).toBe('Password has been updated');
    expect(MSG.userRemoved).toBe('User has been removed!');
    expect(MSG.updatedSuccessful).toBe('Updated successful!');
    expect(MSG.invitationSent('Ravi')).toBe('An invitation link has been sent to Ravi');
    expect(MSG.somethingWentWrong).toBe('Something Went Wrong!');
    expect(MSG.unauthorized).toBe("You aren't authorized to access this page");
  });
});
