/**
 * What the employee profile use cases share (decision 0029): their deps (with the worker side and
 * the agreement links' signature), the worker of the caller's scope, the worker's agreements and
 * the shape of a file served. Every lookup is scoped by the caller's employer and context (the
 * employer's own workers without `vendorId`, that vendor's with it); anything else is 404.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { EMPLOYEE_PROFILE_MSG, type ProfileAgreement, employeeProfileCalls } from '@portal/domain';
import type { WorkerRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { vendorIs, type Scope } from '../../platform/scope.js';
import { createWorkerSide, type WorkerSide } from '../worker-side/index.js';

export type { Scope };

/** The signed link's route, under /api. */
/** The signed link's path before its id: its contract's (employeeProfileCalls.signedAgreement, decision 0051). */
export const AGREEMENT_DOCUMENT_PATH = employeeProfileCalls.signedAgreement.path.replace(/\/:id$/, '');

/** The profile's deps: the app's, the worker side (salary details) and the signature of agreement links. */
export interface ProfileDeps extends Deps {
  workerSide: WorkerSide;
  /** The HMAC of an agreement id and its link's expiry. */
  sign: (agreementId: string, expires: number) => string;
}

export function profileDeps(deps: Deps): ProfileDeps {
  // A key of its own for links, derived from the server key, so a link signature is never a code hash.
  const linkKey = createHmac('sha256', deps.codeKey).update('agreement-document-link').digest();
  const sign = (agreementId: string, expires: number) => createHmac('sha256', linkKey).update(`${agreementId}\0${expires}`).digest('hex');
  return { ...deps, workerSide: createWorkerSide(deps), sign };
}

export const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export interface StoredFile {
  content: Buffer;
  mimeType: string;
  fileName: string;
}

/** The worker, if it is in the caller's scope; else 404 whatever the id. */
export async function workerInScope(deps: Pick<Deps, 'db'>, ctx: Scope, id: string): Promise<WorkerRecord> {
  const { db } = deps;
  const trimmed = id.trim();
  if (!isUuid(trimmed)) throw notFound(EMPLOYEE_PROFILE_MSG.notFound);
  const w = await db.selectFrom('workers').selectAll().where('id', '=', trimmed).where('employer_id', '=', ctx.admin.employer_id).where(vendorIs(ctx.vendorId)).executeTakeFirst();
  if (!w) throw notFound(EMPLOYEE_PROFILE_MSG.notFound);
  return w;
}

export async function agreementsOf(deps: Pick<Deps, 'db'>, workerId: string): Promise<ProfileAgreement[]> {
  const { db } = deps;
  const rows = await db
    .selectFrom('worker_agreements')
    .select(['id', 'agreement_type', 'signed_at', sql<number>`coalesce(octet_length(content), 0)`.as('size')])
    .where('worker_id', '=', workerId)
    .orderBy('signed_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ agreementId: r.id, agreementType: r.agreement_type, signedAt: iso(r.signed_at), hasDocument: Number(r.size) > 0 }));
}
