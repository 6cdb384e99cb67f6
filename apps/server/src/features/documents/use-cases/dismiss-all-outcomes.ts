import { sql } from 'kysely';
import type { AuthContext } from '../../../platform/guard.js';
import type { DocumentDeps } from '../shared.js';

/**
 * POST /employer-admin/upload-outcomes/dismiss-all ("Close all", issue 20): every open notice of
 * the caller's uploads made at or before `uploadedUntil` (compared to the millisecond, as the
 * list gives it), the ones the stack kept waiting too; a later upload is not closed unseen.
 */
export async function dismissAllOutcomes(deps: Pick<DocumentDeps, 'db' | 'now'>, ctx: Pick<AuthContext, 'admin'>, uploadedUntil: string): Promise<{ dismissed: number }> {
  const { db } = deps;
  const done = await db
    .updateTable('document_uploads')
    .set({ outcome_seen_at: deps.now() })
    .where('admin_id', '=', ctx.admin.id)
    .where('employer_id', '=', ctx.admin.employer_id)
    .where('doc_type', '!=', 'RAW_FILE')
    .where('outcome_seen_at', 'is', null)
    .where(sql<boolean>`date_trunc('milliseconds', created_at) <= ${new Date(uploadedUntil)}`)
    .executeTakeFirst();
  return { dismissed: Number(done.numUpdatedRows) };
}
