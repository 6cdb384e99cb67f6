import { describe, expect, it } from 'vitest';
import { canActivate, canTerminate, nextSelection } from './selection';

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
});
