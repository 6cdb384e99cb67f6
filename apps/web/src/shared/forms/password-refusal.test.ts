import { describe, expect, it } from 'vitest';
import { ERROR_CODES, passwordPolicyMessage } from '@portal/domain';
import { ApiError } from '../api/client';
import { passwordRefusal } from './password-refusal';

/** The server's answer to a password the rule refuses. */
const refused = (problems: string[]) => new ApiError(400, passwordPolicyMessage(problems), ERROR_CODES.passwordExpired);

describe('passwordRefusal', () => {
  it('says in words what is wrong with the password', () => {
    expect(passwordRefusal(refused(['not a commonly used password']))).toBe("This password can't be used: it is a commonly used password.");
    expect(passwordRefusal(refused(['at least 8 characters', 'not a commonly used password']))).toBe(
      "This password can't be used: it is shorter than 8 characters and it is a commonly used password.",
    );
    expect(
      passwordRefusal(refused(['at most 128 characters', 'not based on your name, e-mail, mobile or company name', 'not easy to guess (this is similar to a commonly used password)'])),
    ).toBe(
      "This password can't be used: it is longer than 128 characters, it is based on your name, e-mail, mobile or company name and it is easy to guess (this is similar to a commonly used password).",
    );
  });

  it('leaves every other answer alone', () => {
    expect(passwordRefusal(new ApiError(400, 'Invalid reset link', 'auth/invalid-action-code'))).toBeNull();
    // The code decides, not the text.
    expect(passwordRefusal(new ApiError(400, passwordPolicyMessage(['at least 8 characters']), ERROR_CODES.validation))).toBeNull();
    expect(passwordRefusal(new Error(passwordPolicyMessage(['at least 8 characters'])))).toBeNull();
  });
});
