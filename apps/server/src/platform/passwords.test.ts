import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.js';

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
