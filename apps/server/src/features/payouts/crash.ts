/**
 * Fault injection for the crash tests (shared/security.md, Payouts): PAYOUT_CRASH_AT names the
 * boundaries at which this process kills itself with SIGKILL, as `point:N` pairs separated by
 * commas (the N-th time the process passes `point`, counted from 1). Ignored in production.
 *
 * Points: `after-execute-commit` (the payout rows and their jobs are committed, the answer not
 * sent), `before-bank-call` (a payout is about to be sent), `after-bank-call` (the bank answered,
 * the answer not stored), `after-store` (a batch of answers stored), `webhook-received` (a
 * verified webhook, not yet applied), `webhook-applied` (applied and committed, the 2xx not sent).
 */
export const CRASH_POINTS = ['after-execute-commit', 'before-bank-call', 'after-bank-call', 'after-store', 'webhook-received', 'webhook-applied'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

function parse(spec: string | undefined): Map<string, number> {
  const plan = new Map<string, number>();
  if (!spec || process.env.NODE_ENV === 'production') return plan;
  for (const part of spec.split(',')) {
    const [point, n] = part.trim().split(':');
    if (point && (CRASH_POINTS as readonly string[]).includes(point) && Number(n) >= 1) plan.set(point, Number(n));
  }
  return plan;
}

const plan = parse(process.env.PAYOUT_CRASH_AT);
const seen = new Map<string, number>();

/** Counts a pass through `point` and dies here when the plan says so. */
export function crashPoint(point: CrashPoint): void {
  if (plan.size === 0) return;
  const n = (seen.get(point) ?? 0) + 1;
  seen.set(point, n);
  if (plan.get(point) === n) {
    process.stderr.write(`PAYOUT_CRASH_AT: killing process ${process.pid} at ${point}:${n}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
}
