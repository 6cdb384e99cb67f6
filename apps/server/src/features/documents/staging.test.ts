/** The apply's ranges with the last page's worth apart (issue 21: the processed sheet's tail after the apply). */
import { describe, expect, it } from 'vitest';
import { lastPageApart, type StagedRange } from './staging.js';

/** Ranges of `size` rows over rows 1..n (a header on row 1: data from row 2), every row open. */
function pieces(n: number, size: number): StagedRange[] {
  const out: StagedRange[] = [];
  for (let first = 0; first < n; first += size) {
    const count = Math.min(size, n - first);
    out.push({ after: first === 0 ? 0 : first + 1, upTo: first + count + 1, open: count });
  }
  return out;
}

describe('lastPageApart', () => {
  it('puts the pieces back into the same pages but for the last page, left in its pieces', () => {
    // 10,000 rows in pieces of 625: three pages of 2,500, then the last page's four pieces.
    const ranges = lastPageApart(pieces(10_000, 625), 4);
    expect(ranges).toEqual([...pieces(7_500, 2_500), ...pieces(10_000, 625).slice(12)]);
    expect(ranges.map((r) => r.open)).toEqual([2500, 2500, 2500, 625, 625, 625, 625]);
  });

  it('covers every row once, in order, whatever the count', () => {
    for (const n of [1, 624, 625, 626, 2_499, 2_500, 2_501, 2_550, 9_999, 10_001, 50_000]) {
      const ranges = lastPageApart(pieces(n, 625), 4);
      expect(ranges[0]!.after, `${n}`).toBe(0);
      expect(ranges.at(-1)!.upTo, `${n}`).toBe(n + 1);
      ranges.slice(1).forEach((r, i) => expect(r.after, `${n}`).toBe(ranges[i]!.upTo));
      expect(ranges.reduce((s, r) => s + r.open, 0), `${n}`).toBe(n);
      // Never more than a page in one range; small ranges only at the end (the last page's four pieces,
      // and before them at most one group of fewer than four, as for 2,550 rows: 625, then 625 x 3 and 50).
      expect(Math.max(...ranges.map((r) => r.open)), `${n}`).toBeLessThanOrEqual(2_500);
      expect(ranges.filter((r) => r.open <= 625).length, `${n}`).toBeLessThanOrEqual(5);
    }
  });

  it('a sheet of one page or less stays in its pieces', () => {
    expect(lastPageApart(pieces(2_000, 625), 4)).toEqual(pieces(2_000, 625));
  });
});
