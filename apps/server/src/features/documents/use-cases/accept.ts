import { CompiledQuery } from 'kysely';
import { STORED_TYPES_OF, type DocumentType, type UploadAuditRecord } from '@portal/domain';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { wakeLocalWorkers } from '../../../platform/queue.js';
import { DOCUMENT_QUEUE } from '../sheet-queue.js';
import { toAuditRecord, uploads, type AcceptHook, type DocumentDeps, type ReceivedFile, type Scope } from '../shared.js';
import { startUpload } from '../upload-status.js';

/**
 * Stores an accepted file and its upload row and queues its processing, all in one
 * transaction: an upload is either recorded and queued, or not there at all. Raw files are
 * kept as they are (PROCESSED at once).
 */
export async function accept(deps: DocumentDeps, ctx: Scope, docType: DocumentType, file: ReceivedFile, hook?: AcceptHook): Promise<UploadAuditRecord> {
  const raw = docType === 'RAW_FILE';
  const id = await deps.db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto('stored_files')
      .values({
        employer_id: ctx.admin.employer_id,
        vendor_id: ctx.vendorId,
        admin_id: ctx.admin.id,
        document_type: STORED_TYPES_OF[docType].original,
        file_name: file.fileName,
        mime_type: file.mimeType,
        size_bytes: file.buffer.length,
        content: deps.protector.sealBytes(file.buffer),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upload = {
      id: await startUpload(
        trx,
        {
          employer_id: ctx.admin.employer_id,
          vendor_id: ctx.vendorId,
          admin_id: ctx.admin.id,
          doc_type: docType,
          file_name: file.fileName,
          original_file_id: stored.id,
          processed_at: raw ? deps.now() : null,
          api_key_id: ctx.apiKey?.id ?? null,
        },
        raw ? 'PROCESSED' : 'PROCESSING',
      ),
    };
    await recordAdminActivity(trx, ctx, {
      actionType: ACTION_TYPES.documentUploaded,
      targetType: 'DOCUMENT',
      targetId: upload.id,
      details: { docType, fileName: file.fileName },
    });
    if (hook) await hook(trx, { id: upload.id, originalFileId: stored.id });
    if (!raw && deps.queue) {
      // The job row is written by this transaction too, so a committed upload always has its job.
      // Keyed by employer: that employer's sheets wait behind each other, no one else's do.
      await deps.queue.send(DOCUMENT_QUEUE, { uploadId: upload.id }, {
        singletonKey: ctx.admin.employer_id,
        db: { executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) },
      } as never);
    }
    return upload.id;
  });
  // Committed: this process's sheet worker (role all) fetches the job now, not at its next poll.
  if (docType !== 'RAW_FILE' && deps.queue) wakeLocalWorkers(deps.queue, DOCUMENT_QUEUE);
  return toAuditRecord(await uploads(deps, ctx).where('u.id', '=', id).executeTakeFirstOrThrow());
}
