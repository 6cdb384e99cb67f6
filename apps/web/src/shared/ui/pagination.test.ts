import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, pageItems, parseJumpPage, showingLabel, shownRows } from './pagination';

describe('pageItems', () => {
  it('is empty without pages and a single page for one', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
  });

  it('shows every page while they fit in the fixed width (2 neighbours, 1 terminal page: 9 slots)', () => {
    expect(pageItems(1, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageItems(5, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts a gap after the window near the start', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'end-gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'end-gap', 20]);
  });

  it('puts gaps on both sides in the middle', () => {
    expect(pageItems(10, 20)).toEqual([1, 'start-gap', 8, 9, 10, 11, 12, 'end-gap', 20]);
  });

  it('puts a gap before the window near the end', () => {
    expect(pageItems(20, 20)).toEqual([1, 'start-gap', 14, 15, 16, 17, 18, 19, 20]);
    expect(pageItems(17, 20)).toEqual([1, 'start-gap', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('never makes a gap of a single page', () => {
    // page 5 of 20: window 3..7, page 2 is shown rather than a one-page gap
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'end-gap', 20]);
    expect(pageItems(6, 20)).toEqual([1, 'start-gap', 4, 5, 6, 7, 8, 'end-gap', 20]);
  });

  it('keeps the same number of items wherever the current page is', () => {
    for (let p = 1; p <= 50; p += 1) expect(pageItems(p, 50)).toHaveLength(9);
    for (let p = 1; p <= 50; p += 1) expect(pageItems(p, 50, 1)).toHaveLength(7);
  });

  it('always contains the current page, the first and the last', () => {
    for (let p = 1; p <= 30; p += 1) {
      const items = pageItems(p, 30);
      expect(items).toContain(p);
      expect(items[0]).toBe(1);
      expect(items.at(-1)).toBe(30);
    }
  });

  it('supports the employees list with 1 neighbour', () => {
    expect(pageItems(10, 20, 1)).toEqual([1, 'start-gap', 9, 10, 11, 'end-gap', 20]);
    expect(pageItems(1, 20, 1)).toEqual([1, 2, 3, 4, 5, 'end-gap', 20]);
  });

  it('supports more terminal pages', () => {
    expect(pageItems(10, 20, 1, 2)).toEqual([1, 2, 'start-gap', 9, 10, 11, 'end-gap', 19, 20]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(99, 20)).toEqual(pageItems(20, 20));
    expect(pageItems(-3, 20)).toEqual(pageItems(1, 20));
  });
});

describe('page counts and labels', () => {
  it('counts pages', () => {
    expect(pageCountOf(0, 10)).toBe(0);
    expect(pageCountOf(1, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(5, 0)).toBe(0);
  });

  it('clamps pages', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(Number.NaN, 4)).toBe(1);
  });

  it('labels the rows shown', () => {
    expect(showingLabel(1, 10, 95)).toBe('Showing: 1 - 10 of 95');
    expect(showingLabel(10, 10, 95)).toBe('Showing: 91 - 95 of 95');
    expect(showingLabel(1, 10, 0)).toBe('Showing: 0 - 0 of 0');
    expect(shownRows(3, 5, 12)).toEqual({ from: 11, to: 12, total: 12 });
  });
});

describe('parseJumpPage', () => {
  it('accepts a whole page from 1 to the page count', () => {
    expect(parseJumpPage('1', 5)).toBe(1);
    expect(parseJumpPage(' 5 ', 5)).toBe(5);
  });

  it('rejects anything else', () => {
    for (const bad of ['', '0', '6', '-1', '2.5', 'abc', '1e1']) expect(parseJumpPage(bad, 5)).toBeNull();
    expect(parseJumpPage('1', 0)).toBeNull();
  });
});
