import { sql } from 'kysely';
import { UPLOAD_MSG } from '@portal/domain';
import { notFound } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { isUuid } from '../../../platform/ids.js';
import type { DocumentDeps } from '../shared.js';

/** POST /employer-admin/upload-outcomes/{id}/dismiss: the caller's own upload only; anyone else's is not found. */
export async function dismissOutcome(deps: Pick<DocumentDeps, 'db' | 'now'>, ctx: Pick<AuthContext, 'admin'>, id: string): Promise<void> {
  const { db } = deps;
  if (!isUuid(id)) throw notFound(UPLOAD_MSG.notFound);
  const done = await db
    .updateTable('document_uploads')
    // The first dismissal's time is kept: dismissing twice is harmless.
    .set({ outcome_seen_at: sql`coalesce(outcome_seen_at, ${deps.now()})` })
    .where('id', '=', id)
    .where('admin_id', '=', ctx.admin.id)
    .where('employer_id', '=', ctx.admin.employer_id)
    .where('doc_type', '!=', 'RAW_FILE')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw notFound(UPLOAD_MSG.notFound);
}
