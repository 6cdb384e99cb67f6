/**
 * The employer's opt-in to payroll through the streaming account (decision 0022): the
 * `hasEmployerOptedForStreamingAccount` flag of its config, set by the operators' CLI
 * (`streaming-account`). With it, the screens upload payroll sheets as PAYROLL_STREAMING_ACCOUNT and
 * the upload call accepts that kind; without it, that kind is refused.
 */
import { sql } from 'kysely';
import { payrollConfigOf } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { isUuid } from '../../platform/ids.js';

export type StreamingOptInResult =
  | { ok: true; employerId: string; name: string; before: boolean; after: boolean }
  | { ok: false; reason: 'not-found' | 'ambiguous'; matches: number };

/** The employer named by an id, or by its exact name (ignoring case); refused when the name is not unique. */
async function findEmployer(db: Deps['db'], ref: string): Promise<{ id: string; name: string; config: unknown }[]> {
  const q = db.selectFrom('employers').select(['id', 'name', 'config']);
  const text = ref.trim();
  if (isUuid(text)) return q.where('id', '=', text).execute();
  return q.where(sql<boolean>`lower(name) = lower(${text})`).limit(5).execute();
}

/**
 * Reads (`on` undefined) or sets the employer's opt-in. Setting writes only the flag (the rest of
 * the config is kept); an employer's own payrolls already uploaded keep their kind.
 */
export async function setStreamingAccountOptIn(db: Deps['db'], employerRef: string, on?: boolean): Promise<StreamingOptInResult> {
  const found = await findEmployer(db, employerRef);
  if (found.length !== 1) return { ok: false, reason: found.length === 0 ? 'not-found' : 'ambiguous', matches: found.length };
  const employer = found[0]!;
  const before = payrollConfigOf(employer.config as Record<string, unknown>).hasEmployerOptedForStreamingAccount;
  if (on === undefined || on === before) return { ok: true, employerId: employer.id, name: employer.name, before, after: before };
  await db
    .updateTable('employers')
    .set({ config: sql`jsonb_set(config, '{hasEmployerOptedForStreamingAccount}', ${JSON.stringify(on)}::jsonb, true)` })
    .where('id', '=', employer.id)
    .execute();
  return { ok: true, employerId: employer.id, name: employer.name, before, after: on };
}
