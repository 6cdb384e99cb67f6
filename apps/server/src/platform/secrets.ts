/** Random tokens, their hashes, and keyed hashes of short codes. node:crypto only, no home-made primitives. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/** 6 digits from the CSPRNG. */
export const newOtp = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A short code is hashed with a server-side key and what it is bound to, so a leaked table cannot be brute-forced offline. */
export const keyedHash = (key: Buffer, ...parts: string[]): Buffer => {
  const h = createHmac('sha256', key);
  for (const p of parts) h.update(p).update('\0');
  return h.digest();
};
export const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);
