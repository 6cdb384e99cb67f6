import { describe, expect, it } from 'vitest';
import { parseTopupsState, writeTopupsState } from './url-state';

const TODAY = '2026-11-22';

describe('salary topups URL state', () => {
  it('defaults to the first of the current month and today, All statuses', () => {
    expect(parseTopupsState(new URLSearchParams(''), TODAY)).toEqual({ startDate: '2026-11-01', endDate: TODAY, status: '', page: 1 });
  });
  it('reads the dates, an application status and the page', () => {
    expect(parseTopupsState(new URLSearchParams('startDate=2025-01-01&endDate=2025-03-31&status=DISBURSAL_FAILED&page=2'), TODAY)).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-03-31',
      status: 'DISBURSAL_FAILED',
      page: 2,
    });
    expect(parseTopupsState(new URLSearchParams('status=TRANSFERRED&startDate=x'), TODAY)).toMatchObject({ status: '', startDate: '2026-11-01' });
  });
  it('writes the state back', () => {
    expect(writeTopupsState(new URLSearchParams('page=3'), { startDate: '2026-10-01', endDate: '2026-10-15', status: '', page: 1 }).toString()).toBe(
      'startDate=2026-10-01&endDate=2026-10-15',
    );
  });
});
