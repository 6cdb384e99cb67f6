import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { abandonUpload, uploadJobAlive } from '../sheet-queue.js';
import type { DocumentDeps } from '../shared.js';

/**
 * For a new upload over one still PROCESSING (a payroll month's re-upload): when no job of that
 * upload can run any more (it failed for good, or is gone), the upload is given up now, in the
 * caller's transaction (abandonUpload; the caller ends what it keeps of the upload). True when
 * it was; false while its job may still run, or without a queue (nothing can tell).
 */
export async function abandonIfJobDead(deps: Pick<DocumentDeps, 'now' | 'queue'>, trx: Kysely<DB>, uploadId: string): Promise<boolean> {
  if (!deps.queue) return false;
  const u = await trx.selectFrom('document_uploads').select('status').where('id', '=', uploadId).executeTakeFirst();
  if (u?.status !== 'PROCESSING') return false;
  if (await uploadJobAlive(deps.queue, uploadId)) return false;
  return (await abandonUpload(trx, uploadId, deps.now())) !== null;
}
