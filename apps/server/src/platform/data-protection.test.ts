/** AES-GCM's nonces come from blocks drawn from the CSPRNG (issue 21): each is handed out once. */
import { describe, expect, it } from 'vitest';
import { nextNonce } from './data-protection.js';

describe('nonces', () => {
  it('are 12 bytes and never repeat, across the blocks they are drawn in', () => {
    const seen = new Set<string>();
    // Three blocks of 4,096 and more: the first nonces of a new block are new too.
    for (let i = 0; i < 3 * 4096 + 100; i++) {
      const n = nextNonce();
      expect(n.length).toBe(12);
      seen.add(n.toString('hex'));
    }
    expect(seen.size).toBe(3 * 4096 + 100);
  });

  it('a nonce handed out keeps its bytes when the next block is drawn', () => {
    const first = nextNonce();
    const copy = Buffer.from(first);
    for (let i = 0; i < 2 * 4096; i++) nextNonce();
    expect(first.equals(copy)).toBe(true);
  });
});
