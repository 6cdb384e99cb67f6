/**
 * Document uploads (spec 2.7, 2.8, 4.3, 7): storing an accepted upload and queueing its processing
 * in one transaction, the histories, the attendance list, raw files and document downloads. Every
 * query is scoped by the caller's employer and context (the employer's own uploads without
 * `vendorId`, that vendor's with it); a document outside the scope is not found.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import {
  DOCUMENT_AREA,
  STORED_TYPES_OF,
  UPLOAD_MSG,
  documentLocation,
  hasAccess,
  resourceFor,
  type AttendanceListResult,
  type AttendanceRecord,
  type DocResult,
  type DocumentType,
  LEAVE_ENTRIES_SHOWN,
  isPaidLeave,
  leaveDays,
  type LeaveListResult,
  type RowCounts,
  type RawFileListResult,
  type StoredDocumentType,
  type UploadAuditRecord,
  type UploadHistoryResult,
} from '@portal/domain';
import type { DB, DocumentUploadRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { wakeLocalWorkers, type Queue } from '../../platform/queue.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { ACTION_TYPES, recordAdminActivity } from '../../platform/activity.js';
import { isUuid } from '../../platform/ids.js';
import { vendorIs, type Scope } from '../../platform/scope.js';
import { moveUpload, startUpload } from './upload-status.js';

export type { Scope };
/**
 * The sheet-processing queue (decision 0019): key_strict_fifo keyed by employer, so one employer's
 * sheets run one at a time and in upload order while other employers' sheets pass them.
 */
export const DOCUMENT_QUEUE = 'sheet-processing';
/** Where pg-boss copies a sheet job that failed for good (retries exhausted, or dead each time). */
export const DOCUMENT_DEAD_QUEUE = 'sheet-processing-failed';
/** The queue before decision 0019 (one FIFO, no keys): its last jobs are still worked, then it is deleted. */
export const LEGACY_DOCUMENT_QUEUE = 'document-processing';

export const JOB_MSG = {
  /** The upload's (and payroll's) failure reason when its processing job failed for good. */
  abandoned: 'The file could not be processed: its processing stopped before the end and was given up. Please upload it again.',
} as const;

const LIVE_JOB_STATES = new Set(['created', 'retry', 'active']);

/** True while a job for the upload may still run: queued, waiting for its retry, or running (also in the legacy queue). */
export async function uploadJobAlive(queue: Queue, uploadId: string): Promise<boolean> {
  for (const name of [DOCUMENT_QUEUE, LEGACY_DOCUMENT_QUEUE]) {
    if (name === LEGACY_DOCUMENT_QUEUE && !(await queue.getQueue(name))) continue;
    const jobs = await queue.findJobs<{ uploadId: string }>(name, { data: { uploadId } });
    if (jobs.some((j) => LIVE_JOB_STATES.has(j.state))) return true;
  }
  return false;
}

/**
 * Gives up on an upload whose processing job failed for good or is gone: the upload FAILED with
 * JOB_MSG.abandoned. Only from PROCESSING (a finished upload is left as it is); run it in a
 * transaction. The upload as it was when it ended it, or null. What the upload's kind keeps of it
 * (a payroll sheet's payroll) is the kind's to end: the pipeline's `abandon` calls its `settle`, and
 * payroll's upload ends its own payroll after `abandonIfJobDead`.
 */
export async function abandonUpload(trx: Kysely<DB>, uploadId: string, now: Date): Promise<DocumentUploadRecord | null> {
  return moveUpload(trx, uploadId, 'PROCESSING', 'FAILED', { failure_reason: JOB_MSG.abandoned, processed_at: now });
}

export interface ReceivedFile {
  fileName: string;
  mimeType: string;
  buffer: Buffer;
}

/** What another feature (payroll) adds to an accepted upload, inside its transaction, before the job is queued; throwing refuses the upload. */
export type AcceptHook = (trx: Kysely<DB>, upload: { id: string; originalFileId: string }) => Promise<void>;

type UploadRow = DocumentUploadRecord & { admin_name: string; admin_email: string; size_bytes: number; key_name: string | null };

/** An upload's row counts as the API gives them; null until it has been processed. */
export function countsOf(u: Pick<DocumentUploadRecord, 'total_rows' | 'applied_rows' | 'created_rows' | 'updated_rows' | 'unchanged_rows' | 'failed_rows'>): RowCounts | null {
  if (u.total_rows === null) return null;
  return {
    totalRows: u.total_rows,
    appliedRows: u.applied_rows ?? 0,
    createdRows: u.created_rows ?? 0,
    updatedRows: u.updated_rows ?? 0,
    unchangedRows: u.unchanged_rows ?? 0,
    failedRows: u.failed_rows ?? 0,
  };
}

export function toAuditRecord(u: UploadRow): UploadAuditRecord {
  const types = STORED_TYPES_OF[u.doc_type];
  return {
    _id: u.id,
    docType: u.doc_type,
    fileName: u.file_name,
    originalDocumentId: u.original_file_id,
    originalDocumentURL: documentLocation(u.employer_id, u.admin_id, types.original, u.original_file_id),
    processedDocumentId: u.processed_file_id,
    processedDocumentURL: u.processed_file_id && types.processed ? documentLocation(u.employer_id, u.admin_id, types.processed, u.processed_file_id) : null,
    uploadedDate: u.created_at.toISOString(),
    // Made with an API key (issue 26): the key, then the admin it acts for, as in the activity trail.
    uploadedBy: u.key_name !== null ? `API key ${u.key_name} (${u.admin_name})` : u.admin_name,
    status: u.status,
    employerAdminId: u.admin_id,
    counts: countsOf(u),
    failureReason: u.failure_reason,
    processedAt: u.processed_at ? u.processed_at.toISOString() : null,
    sheetName: u.sheet_name,
  };
}

/** READ (or WRITE) on the area's resource in the caller's context, else 403. */
function requireArea(ctx: Pick<AuthContext, 'resources' | 'vendorId'>, area: (typeof DOCUMENT_AREA)[DocumentType], need: 'READ' | 'WRITE'): void {
  if (!hasAccess(ctx.resources, resourceFor(area, ctx.vendorId !== null), need)) throw forbidden();
}

export function createDocumentService(deps: Deps) {
  const { db } = deps;

  const uploads = (ctx: Scope, q: Kysely<DB> = db) =>
    q
      .selectFrom('document_uploads as u')
      .innerJoin('admins as a', 'a.id', 'u.admin_id')
      .innerJoin('stored_files as f', 'f.id', 'u.original_file_id')
      .leftJoin('api_keys as k', 'k.id', 'u.api_key_id')
      .selectAll('u')
      .select(['a.name as admin_name', 'a.email as admin_email', 'f.size_bytes', 'k.name as key_name'])
      .where('u.employer_id', '=', ctx.admin.employer_id)
      .where(vendorIs(ctx.vendorId, 'u.vendor_id'));

  async function page(ctx: Scope, docType: DocumentType, pageNumber: number, limit: number) {
    const [rows, count] = await Promise.all([
      uploads(ctx)
        .where('u.doc_type', '=', docType)
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .offset((pageNumber - 1) * limit)
        .execute(),
      db
        .selectFrom('document_uploads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('employer_id', '=', ctx.admin.employer_id)
        .where(vendorIs(ctx.vendorId))
        .where('doc_type', '=', docType)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  return {
    /**
     * Stores an accepted file and its upload row and queues its processing, all in one
     * transaction: an upload is either recorded and queued, or not there at all. Raw files are
     * kept as they are (PROCESSED at once).
     */
    async accept(ctx: Scope, docType: DocumentType, file: ReceivedFile, hook?: AcceptHook): Promise<UploadAuditRecord> {
      const raw = docType === 'RAW_FILE';
      const id = await db.transaction().execute(async (trx) => {
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
      return toAuditRecord(await uploads(ctx).where('u.id', '=', id).executeTakeFirstOrThrow());
    },

    /**
     * For a new upload over one still PROCESSING (a payroll month's re-upload): when no job of that
     * upload can run any more (it failed for good, or is gone), the upload is given up now, in the
     * caller's transaction (abandonUpload; the caller ends what it keeps of the upload). True when
     * it was; false while its job may still run, or without a queue (nothing can tell).
     */
    async abandonIfJobDead(trx: Kysely<DB>, uploadId: string): Promise<boolean> {
      if (!deps.queue) return false;
      const u = await trx.selectFrom('document_uploads').select('status').where('id', '=', uploadId).executeTakeFirst();
      if (u?.status !== 'PROCESSING') return false;
      if (await uploadJobAlive(deps.queue, uploadId)) return false;
      return (await abandonUpload(trx, uploadId, deps.now())) !== null;
    },

    /** GET /v2/employer-admin/doc-upload-audit-logs: the type's history, newest first (the guard checked READ on the type's area). */
    async history(ctx: AuthContext, docType: DocumentType, pageNumber: number, limit: number): Promise<UploadHistoryResult> {
      const { rows, total } = await page(ctx, docType, pageNumber, limit);
      return { auditLogs: rows.map(toAuditRecord), total };
    },

    /** GET /v2/employer-admin/doc-upload-audit-logs/{id}: one upload, to watch it finish. */
    async one(ctx: AuthContext, id: string): Promise<UploadAuditRecord> {
      if (!isUuid(id)) throw notFound(UPLOAD_MSG.notFound);
      const row = await uploads(ctx).where('u.id', '=', id).executeTakeFirst();
      if (!row) throw notFound(UPLOAD_MSG.notFound);
      requireArea(ctx, DOCUMENT_AREA[row.doc_type], 'READ');
      return toAuditRecord(row);
    },

    /** GET /employer-admin/attendance: attendance uploads, newest first (2.7). */
    async attendance(ctx: AuthContext, pageNumber: number, limit: number): Promise<AttendanceListResult> {
      const { rows, total } = await page(ctx, 'ATTENDANCE_UPLOAD', pageNumber, limit);
      const attendances: AttendanceRecord[] = rows.map((u) => {
        const r = toAuditRecord(u);
        return {
          _id: r._id,
          processedDocumentId: r.processedDocumentId,
          processedDocumentURL: r.processedDocumentURL,
          uploadedDate: r.uploadedDate,
          uploadedBy: r.uploadedBy,
          latestAttendanceDate: u.latest_attendance_date ? u.latest_attendance_date.replace(/-/g, '') : null,
          status: r.status,
          employerAdminId: r.employerAdminId,
          counts: r.counts,
          failureReason: r.failureReason,
        };
      });
      return { attendances, total };
    },

    /**
     * GET /employer-admin/leave: leave sheet uploads, newest first, each with the leave it recorded
     * (or last changed), at most LEAVE_ENTRIES_SHOWN of them, and how many in all (issue 13).
     */
    async leave(ctx: AuthContext, pageNumber: number, limit: number): Promise<LeaveListResult> {
      const { rows, total } = await page(ctx, 'LEAVE_UPLOAD', pageNumber, limit);
      const ids = rows.map((r) => r.id);
      const [entries, counts] = ids.length
        ? await Promise.all([
            db
              .selectFrom('leaves as l')
              .innerJoin('workers as w', 'w.id', 'l.worker_id')
              .select(['l.id', 'l.upload_id', 'l.from_date', 'l.to_date', 'l.leave_type', 'w.employer_worker_id', 'w.full_name'])
              .select(sql<number>`row_number() over (partition by l.upload_id order by l.from_date, w.employer_worker_id, l.id)`.as('k'))
              .where('l.upload_id', 'in', ids)
              .where('l.employer_id', '=', ctx.admin.employer_id)
              .orderBy('l.from_date')
              .orderBy('w.employer_worker_id')
              .execute(),
            db
              .selectFrom('leaves')
              .select(['upload_id', (eb) => eb.fn.countAll<string>().as('n')])
              .where('upload_id', 'in', ids)
              .where('employer_id', '=', ctx.admin.employer_id)
              .groupBy('upload_id')
              .execute(),
          ])
        : [[], []];
      const totals = new Map(counts.map((c) => [c.upload_id, Number(c.n)]));
      return {
        leaves_data: rows.map((u) => {
          const r = toAuditRecord(u);
          return {
            _id: r._id,
            fileName: r.fileName,
            processedDocumentId: r.processedDocumentId,
            processedDocumentURL: r.processedDocumentURL,
            uploadedDate: r.uploadedDate,
            uploadedBy: r.uploadedBy,
            status: r.status,
            employerAdminId: r.employerAdminId,
            counts: r.counts,
            failureReason: r.failureReason,
            leaves: entries
              .filter((e) => e.upload_id === u.id && Number(e.k) <= LEAVE_ENTRIES_SHOWN)
              .map((e) => ({
                _id: e.id,
                employeeId: e.employer_worker_id,
                employeeName: e.full_name,
                fromDate: e.from_date.replace(/-/g, ''),
                toDate: e.to_date.replace(/-/g, ''),
                leaveType: e.leave_type,
                paid: isPaidLeave(e.leave_type),
                days: leaveDays(e.from_date, e.to_date),
              })),
            leavesTotal: totals.get(u.id) ?? 0,
            effects:
              u.leave_recorded === null
                ? null
                : { recorded: u.leave_recorded, changed: u.leave_changed ?? 0, replaced: u.leave_replaced ?? 0, cancelled: u.leave_cancelled ?? 0 },
          };
        }),
        total,
      };
    },

    /** GET /employer-admin/file/list: raw files, newest first. */
    async rawFiles(ctx: AuthContext, pageNumber: number, limit: number): Promise<RawFileListResult> {
      const { rows, total } = await page(ctx, 'RAW_FILE', pageNumber, limit);
      return {
        files: rows.map((u) => {
          const r = toAuditRecord(u);
          return {
            _id: r._id,
            originalFileName: u.file_name,
            fileName: u.file_name,
            updatedAt: (u.processed_at ?? u.created_at).toISOString(),
            employerAdminEmail: u.admin_email,
            employerAdminId: u.admin_id,
            uploadedBy: u.admin_name,
            status: r.status,
            originalDocumentURL: r.originalDocumentURL,
            sizeBytes: u.size_bytes,
          };
        }),
        total,
      };
    },

    /** GET /employer-admin/doc: a stored document of the caller's scope, as base64 (the guard checked READ on the type's area). */
    async document(ctx: AuthContext, q: { documentType: StoredDocumentType; documentId: string; employerAdminId: string }): Promise<DocResult> {
      const f = await db
        .selectFrom('stored_files')
        .select(['file_name', 'mime_type', 'content'])
        .where('id', '=', q.documentId)
        .where('employer_id', '=', ctx.admin.employer_id)
        .where('admin_id', '=', q.employerAdminId)
        .where('document_type', '=', q.documentType)
        .where(vendorIs(ctx.vendorId))
        .executeTakeFirst();
      if (!f) throw notFound(UPLOAD_MSG.notFound);
      return { b64File: (await deps.protector.openBytesFresh(f.content)).toString('base64'), fileName: f.file_name, mimeType: f.mime_type };
    },
  };
}
