import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG } from '@portal/domain';
import { AppError } from './errors.js';
import {
  ARGON2_PARAMS,
  STRENGTH_MAX_LENGTH,
  assertPasswordPolicy,
  basedOnCompanyName,
  dummyHash,
  hashPassword,
  needsRehash,
  ownWords,
  passwordProblems,
  verifyPassword,
  type PasswordOwner,
} from './passwords.js';

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

describe('hashPassword', () => {
  it('makes an argon2id PHC string with m >= 19456 KiB, t >= 2, p = 1', async () => {
    const stored = await hashPassword('Correct-Horse-77');
    const m = PHC.exec(stored);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
    expect(Number(m![3])).toBe(1);
    expect(ARGON2_PARAMS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('Correct-Horse-77')).not.toBe(await hashPassword('Correct-Horse-77'));
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Correct-Horse-77');
    expect(await verifyPassword(stored, 'Correct-Horse-77')).toBe(true);
    expect(await verifyPassword(stored, 'Correct-Horse-78')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('does not truncate long passwords', async () => {
    const long = `${'a'.repeat(100)}1`;
    const stored = await hashPassword(long);
    expect(await verifyPassword(stored, `${'a'.repeat(100)}2`)).toBe(false);
    expect(await verifyPassword(stored, long)).toBe(true);
  });

  it('answers false, without throwing, for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyPassword('', 'anything')).toBe(false);
  });

  it('verifies a hash made with older parameters', async () => {
    const weak = await hash('Correct-Horse-77', { algorithm: 2, memoryCost: 8_192, timeCost: 1, parallelism: 1 });
    expect(await verifyPassword(weak, 'Correct-Horse-77')).toBe(true);
  });
});

describe('needsRehash', () => {
  it('is false for a hash made with the current parameters', async () => {
    expect(needsRehash(await hashPassword('Correct-Horse-77'))).toBe(false);
  });

  it.each([
    ['lower memory', { memoryCost: 8_192, timeCost: 2, parallelism: 1 }],
    ['fewer passes', { memoryCost: 19_456, timeCost: 1, parallelism: 1 }],
  ])('is true for %s', async (_label, params) => {
    expect(needsRehash(await hash('Correct-Horse-77', { algorithm: 2, ...params }))).toBe(true);
  });

  it('is true for argon2i and argon2d hashes and for anything that is not argon2id', async () => {
    expect(needsRehash(await hash('Correct-Horse-77', { algorithm: 1, memoryCost: 19_456, timeCost: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash(await hash('Correct-Horse-77', { algorithm: 0, memoryCost: 19_456, timeCost: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuuJ2lTW1t5DqNcOpdVFPlNwvwrc0cC0G.')).toBe(true);
    expect(needsRehash('')).toBe(true);
  });

  it('is false for stronger parameters', async () => {
    expect(needsRehash(await hash('Correct-Horse-77', { algorithm: 2, memoryCost: 32_768, timeCost: 3, parallelism: 1 }))).toBe(false);
  });
});

describe('dummyHash', () => {
  it('is one argon2id hash with the current parameters, reused', async () => {
    const a = await dummyHash();
    expect(a).toBe(await dummyHash());
    expect(needsRehash(a)).toBe(false);
  });
});

describe('the password rule (passwordProblems)', () => {
  const meera: PasswordOwner = { email: 'meera.iyer@kaveri-handlooms.example', name: 'Meera Iyer', mobile: '9812345670', employerName: 'Kaveri Handlooms Pvt Ltd', vendorName: 'Swift Staffing Services' };
  const prefix = MSG.missingPasswordRequirementsPrefix;
  const repeated = `${MSG.passwordNotEasyToGuess} (repeated characters like "aaa" are easy to guess)`;

  it('accepts strong passwords, the demo and test passwords among them', async () => {
    for (const strong of ['Brisk-Otter-Lantern-58', 'Correct-Horse-77', 'correct horse battery staple', `${'Kx9#mQ2$vL'}-tide-harbour`]) {
      expect(await passwordProblems(strong, meera)).toEqual([]);
    }
    // The demo's password with the demo Super Admin's own words: accepted only where the demo sets it (the seed, its sign-in).
    const priya = { email: 'priya.sharma@sunrise-textiles.example', name: 'Priya Sharma', mobile: '9876543210', employerName: 'Sunrise Textiles Pvt Ltd' };
    expect(await passwordProblems('Sunrise-Demo-2026', priya, { acceptPublished: true })).toEqual([]);
  });

  it('refuses the demo password published in the README, whatever its case and separators (issue 22 item 4)', async () => {
    for (const published of ['Sunrise-Demo-2026', 'sunrise demo 2026', 'SUNRISE.DEMO.2026', 'SunriseDemo2026']) {
      expect(await passwordProblems(published, meera), published).toEqual([MSG.passwordPublished]);
    }
  });

  it("refuses a company's name plus a year or digits, case and separators ignored (issue 22 item 4)", async () => {
    const sec: PasswordOwner = { email: 'owner@sectest.example', name: 'Owner Admin', employerName: 'SecTest-Alpha' };
    for (const based of ['SecTest-Alpha-2026', 'sectest alpha 2026!', '2026.SECTEST.ALPHA', 'Sec_Test_Alpha_99']) {
      expect(await passwordProblems(based, sec), based).toEqual([MSG.passwordNotPersonal]);
    }
    for (const based of ['kaveri handlooms 2026', 'Swift-Staffing-Services-2026', 'Kaveri#Handlooms#2026']) {
      expect(await passwordProblems(based, meera), based).toEqual([MSG.passwordNotPersonal]);
    }
    // Another word next to the name is not the name.
    expect(await passwordProblems('SecTest-Alpha-Lantern-Otter-58', sec)).toEqual([]);
    expect(basedOnCompanyName('Kaveri-Handlooms-2026', ['Kaveri Handlooms Pvt Ltd'])).toBe(true);
    expect(basedOnCompanyName('Brisk-Otter-2026', ['Kaveri Handlooms Pvt Ltd'])).toBe(false);
  });

  it('refuses spaces only and repeated characters, saying why', async () => {
    expect(await passwordProblems(' '.repeat(10), meera)).toEqual([repeated]);
    expect(await passwordProblems('aaaaaaaaaaaa', meera)).toEqual([repeated]);
    expect(await passwordProblems('a'.repeat(128), meera)).toEqual([repeated]);
    // Past STRENGTH_MAX_LENGTH the estimate reads the first 40 characters: a weak start is still refused.
    expect(await passwordProblems(`${'a'.repeat(STRENGTH_MAX_LENGTH)}Xy7!`, meera)).toEqual([repeated]);
  });

  it("refuses the owner's own words: e-mail name plus a digit, name, mobile, employer and vendor names", async () => {
    for (const personal of ['meera.iyer1', 'Meera.Iyer2026', 'meeraiyer12', 'Kaveri Handlooms', 'kaverihandlooms', 'Kaveri-Handlooms-1', 'Swift Staffing', 'Meera9812345670']) {
      expect(await passwordProblems(personal, meera), personal).toEqual([MSG.passwordNotPersonal]);
    }
    // The same passwords are not personal for someone else, though some are still weak.
    expect(await passwordProblems('Kaveri Handlooms', { email: 'ravi@example.com' })).toEqual([]);
  });

  it('names every problem of a short password at once, and keeps the earlier messages', async () => {
    expect(await passwordProblems('Tq9#xLm', meera)).toEqual(['at least 8 characters', `${MSG.passwordNotEasyToGuess} (add more words that are less common)`]);
    expect((await passwordProblems('aaaaaa', meera))[0]).toBe('at least 8 characters');
    expect(await passwordProblems('password123', meera)).toEqual(['not a commonly used password']);
    expect(await passwordProblems('meera.iyer', meera)).toEqual(['not your e-mail name']);
    expect(await passwordProblems('x'.repeat(129), meera)).toEqual(['at most 128 characters']);
  });

  it('assertPasswordPolicy answers 400 "Missing password requirements: ..." with auth/password-expired', async () => {
    const refused = await assertPasswordPolicy('aaaaaaaaaaaa', meera).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, message: `${prefix}: ${repeated}`, code: ERROR_CODES.passwordExpired });
    await expect(assertPasswordPolicy('Brisk-Otter-Lantern-58', meera)).resolves.toBeUndefined();
  });

  it("ownWords: the e-mail, its name and parts, the domain's names, name, mobile and organisations", () => {
    const words = ownWords(meera);
    for (const w of ['meera.iyer@kaveri-handlooms.example', 'meera.iyer', 'meeraiyer', 'meera', 'iyer', 'kaveri-handlooms', 'kaveri', 'handlooms', 'meera iyer', '9812345670', 'kaveri handlooms pvt ltd', 'swift', 'staffing']) {
      expect(words, w).toContain(w);
    }
    expect(words).not.toContain('example');
    expect(words.every((w) => [...w].length >= 3)).toBe(true);
  });
});
