import { describe, expect, it } from 'vitest';
import { passwordPolicyMessage } from '@portal/domain';
import { passwordRefusal } from './password-refusal';

describe('passwordRefusal', () => {
  it('says in words what is wrong with the password', () => {
    expect(passwordRefusal(passwordPolicyMessage(['not a commonly used password']))).toBe("This password can't be used: it is a commonly used password.");
    expect(passwordRefusal(passwordPolicyMessage(['at least 8 characters', 'not a commonly used password']))).toBe(
      "This password can't be used: it is shorter than 8 characters and it is a commonly used password.",
    );
    expect(
      passwordRefusal(passwordPolicyMessage(['at most 128 characters', 'not based on your name, e-mail, mobile or company name', 'not easy to guess (this is similar to a commonly used password)'])),
    ).toBe(
      "This password can't be used: it is longer than 128 characters, it is based on your name, e-mail, mobile or company name and it is easy to guess (this is similar to a commonly used password).",
    );
  });

  it('leaves every other answer alone', () => {
    expect(passwordRefusal('Invalid reset link')).toBeNull();
  });
});
