import { describe, expect, it } from 'vitest';
import { payoutStatusTone, statusLabel } from './status-tone';

describe('status tones', () => {
  it('maps payout statuses', () => {
    expect(payoutStatusTone('INITIATED')).toBe('pending');
    expect(payoutStatusTone('PENDING')).toBe('pending');
    expect(payoutStatusTone('TRANSFERRED')).toBe('success');
    expect(payoutStatusTone('FAILED')).toBe('reject');
    expect(payoutStatusTone('CANCELLED')).toBe('reject');
    expect(payoutStatusTone('FINALIZED')).toBe('info');
    expect(payoutStatusTone('SKIPPED')).toBe('info');
  });

  it('shows underscores as spaces', () => {
    expect(statusLabel('DISBURSAL_IN_PROGRESS')).toBe('DISBURSAL IN PROGRESS');
    expect(statusLabel(null)).toBe('');
  });
});
