/**
 * What the worker side's use cases share (decision 0029): their deps, the business date, the
 * worker look-up and the refusals the worker app shows.
 */
import { businessDate } from '@portal/domain';
import type { WorkerRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';

/** The worker side needs the database and the clock only. */
/** `queue`: events out (issue 26) for a request or a sign-up that waits for the employer. */
export type WorkerSideDeps = Pick<Deps, 'db' | 'now' | 'protector' | 'queue'>;

export const PROFILE_REFUSALS = {
  pan: 'The PAN is not valid',
  ifsc: 'The IFSC is not valid',
  accountNumber: 'The account number must be 9 to 18 digits',
  documentKind: 'Unknown document kind',
  documentType: 'Only JPEG, PNG or PDF documents are accepted',
  documentSize: 'The document is larger than 5 MB',
  verificationKind: 'Unknown verification kind',
} as const;

export const ADVANCE_REFUSALS = {
  inactive: 'The worker is not active',
  notAllowed: 'Withdrawals are not allowed for this worker',
  pendingApproval: 'The worker is waiting for the employer to approve them',
  perTransaction: 'The amount is above the per-transaction limit',
  perDay: "The amount is above today's limit",
  available: 'The amount is above the available earned salary',
} as const;

/** Why an advance cannot move (decision 0024). */
export const ADVANCE_HOLD_MSG = 'The advance is waiting for the employer to approve it';

/** The business date (IST) of the deps' clock. */
export const today = (deps: Pick<Deps, 'now'>) => businessDate(deps.now());

export async function workerOrThrow(deps: WorkerSideDeps, workerId: string): Promise<WorkerRecord> {
  const w = await deps.db.selectFrom('workers').selectAll().where('id', '=', workerId).executeTakeFirst();
  if (!w) throw notFound('Worker not found');
  return w;
}
