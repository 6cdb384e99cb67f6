import type { AuthContext } from '../../../platform/guard.js';
import type { DocumentDeps } from '../shared.js';

/**
 * POST /employer-admin/upload-outcomes/seen: the admin saw these uploads' outcomes on their own
 * list (issue 20). Only the caller's own finished sheet uploads are marked; a row still
 * PROCESSING has shown no outcome yet, and anyone else's id is ignored (a list shows others' rows).
 */
export async function outcomesSeen(deps: Pick<DocumentDeps, 'db' | 'now'>, ctx: Pick<AuthContext, 'admin'>, ids: readonly string[]): Promise<{ seen: number }> {
  const { db } = deps;
  const done = await db
    .updateTable('document_uploads')
    .set({ outcome_seen_at: deps.now() })
    .where('id', 'in', [...new Set(ids)])
    .where('admin_id', '=', ctx.admin.id)
    .where('employer_id', '=', ctx.admin.employer_id)
    .where('doc_type', '!=', 'RAW_FILE')
    .where('status', '!=', 'PROCESSING')
    .where('outcome_seen_at', 'is', null)
    .executeTakeFirst();
  return { seen: Number(done.numUpdatedRows) };
}
