/**
 * Status badge tones (spec 2.8, 4.1): pending, success, reject and info, and which status takes
 * which. Pure, unit-tested; the StatusBadge component maps a tone to colours.
 */
export type StatusTone = 'pending' | 'success' | 'reject' | 'info';

// Upload statuses (2.8) take the outcome notice's colour rule instead: outcomeTone in upload-outcomes.ts (issue 20).

/** Payout statuses (4.1): initiated and pending pending, transferred success, failed and cancelled reject, others info. */
export function payoutStatusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case 'INITIATED':
    case 'PENDING':
      return 'pending';
    case 'TRANSFERRED':
      return 'success';
    case 'FAILED':
    case 'CANCELLED':
      return 'reject';
    default:
      return 'info';
  }
}

/** A stored status as people read it: underscores shown as spaces (2.12), e.g. "DISBURSAL INITIATED". */
export const statusLabel = (status: string | null | undefined): string => (status ?? '').replace(/_/g, ' ').trim();
