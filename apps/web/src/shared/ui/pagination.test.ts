import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, parseJumpPage, showingLabel, shownRows } from './pagination';

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
