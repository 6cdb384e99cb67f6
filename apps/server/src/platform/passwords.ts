/**
 * Password hashing with argon2id (@node-rs/argon2). Parameters are stored in the PHC string, so a
 * raised setting is detected at sign-in and the hash is renewed.
 */
import { hash, verify } from '@node-rs/argon2';

// OWASP / ASVS minimum for argon2id: m = 19 MiB, t = 2, p = 1.
export const ARGON2_PARAMS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_PARAMS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) < ARGON2_PARAMS.memoryCost || Number(m[2]) < ARGON2_PARAMS.timeCost || Number(m[3]) < ARGON2_PARAMS.parallelism;
}

/** Verified against when no account matches, so a wrong e-mail costs the same time as a wrong password. */
let dummy: Promise<string> | null = null;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('not-a-real-password-0000'));
