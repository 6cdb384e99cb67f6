/**
 * What the documents use cases share (decision 0029): their deps, the received file and the accept
 * hook, the uploads of the caller's scope and a page of them, the upload as the API gives it, and
 * the area check. Every query is scoped by the caller's employer and context (the employer's own
 * uploads without `vendorId`, that vendor's with it); a document outside the scope is not found.
 */
import type { Kysely } from 'kysely';
import { DOCUMENT_AREA, STORED_TYPES_OF, documentLocation, hasAccess, resourceFor, type DocumentType, type RowCounts, type UploadAuditRecord } from '@portal/domain';
import type { DB, DocumentUploadRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { vendorIs, type Scope } from '../../platform/scope.js';

export type { Scope };

/** The documents use cases need the database, the clock, the sealing of stored files and the queue. */
export type DocumentDeps = Pick<Deps, 'db' | 'now' | 'protector' | 'queue'>;

export interface ReceivedFile {
  fileName: string;
  mimeType: string;
  buffer: Buffer;
}

/** What another feature (payroll) adds to an accepted upload, inside its transaction, before the job is queued; throwing refuses the upload. */
export type AcceptHook = (trx: Kysely<DB>, upload: { id: string; originalFileId: string }) => Promise<void>;

type UploadRow = DocumentUploadRecord & { admin_name: string; admin_email: string; size_bytes: number; key_name: string | null };

/** The uploads of the caller's employer and context, with their admin, file size and API key. */
export const uploads = (deps: Pick<DocumentDeps, 'db'>, ctx: Scope) =>
  deps.db
    .selectFrom('document_uploads as u')
    .innerJoin('admins as a', 'a.id', 'u.admin_id')
    .innerJoin('stored_files as f', 'f.id', 'u.original_file_id')
    .leftJoin('api_keys as k', 'k.id', 'u.api_key_id')
    .selectAll('u')
    .select(['a.name as admin_name', 'a.email as admin_email', 'f.size_bytes', 'k.name as key_name'])
    .where('u.employer_id', '=', ctx.admin.employer_id)
    .where(vendorIs(ctx.vendorId, 'u.vendor_id'));

/** A page of the type's uploads in the caller's scope, newest first, and how many there are. */
export async function page(deps: Pick<DocumentDeps, 'db'>, ctx: Scope, docType: DocumentType, pageNumber: number, limit: number) {
  const { db } = deps;
  const [rows, count] = await Promise.all([
    uploads(deps, ctx)
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
export function requireArea(ctx: Pick<AuthContext, 'resources' | 'vendorId'>, area: (typeof DOCUMENT_AREA)[DocumentType], need: 'READ' | 'WRITE'): void {
  if (!hasAccess(ctx.resources, resourceFor(area, ctx.vendorId !== null), need)) throw forbidden();
}
