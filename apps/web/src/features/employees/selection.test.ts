import { describe, expect, it } from 'vitest';
import { canActivate, canTerminate, nextSelection, selectionSummary } from './selection';

const active = { employmentStatus: 'ACTIVE' as const };
const probation = { employmentStatus: 'IN_PROBATION' as const };
const inactive = { employmentStatus: 'INACTIVE' as const };

describe('bulk selection rules', () => {
  it('offers Activate only when every selected employee is inactive', () => {
    expect(canActivate([])).toBe(false);
    expect(canActivate([inactive, inactive])).toBe(true);
    expect(canActivate([inactive, active])).toBe(false);
    expect(canActivate([probation])).toBe(false);
  });

  it('disables Terminate with nothing selected or any inactive one', () => {
    expect(canTerminate([])).toBe(false);
    expect(canTerminate([active, probation])).toBe(true);
    expect(canTerminate([active, inactive])).toBe(false);
    expect(canTerminate([inactive])).toBe(false);
  });

  it('keeps records selected on other pages and takes new ones from the screen', () => {
    const a = { _id: 'a', n: 1 };
    const b = { _id: 'b', n: 2 };
    const c = { _id: 'c', n: 3 };
    const held = new Map([['a', a]]);
    const next = nextSelection(held, new Set(['a', 'b']), [b, c]);
    expect([...next.values()]).toEqual([a, b]);
    expect(nextSelection(next, new Set(['b']), [b, c]).has('a')).toBe(false);
    expect(nextSelection(held, new Set(['zz']), [b]).size).toBe(0);
  });

  it('says how many selected rows are on other pages', () => {
    const page = [{ _id: 'a' }, { _id: 'b' }];
    expect(selectionSummary([], page)).toBe('Select employees to activate or terminate them.');
    expect(selectionSummary(['a', 'b'], page)).toBe('2 selected');
    expect(selectionSummary(['a', 'x', 'y'], page)).toBe('3 selected, 2 of them on other pages');
    expect(selectionSummary(['x', 'y'], page)).toBe('2 selected, all on other pages');
  });
});
