import { sql } from 'kysely';
import {
  DOCUMENT_AREA,
  SHEET_DOCUMENT_TYPES,
  STORED_TYPES_OF,
  UPLOAD_OUTCOME_LIMIT,
  UPLOAD_OUTCOME_WINDOW_DAYS,
  documentLocation,
  hasAccess,
  resourceFor,
  type SheetDocumentType,
  type UploadOutcome,
  type UploadOutcomeList,
} from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { countsOf, type DocumentDeps } from '../shared.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sheet types whose area the admin may READ in a context (employer or vendor). */
function readableTypes(ctx: Pick<AuthContext, 'resources'>, vendorContext: boolean): SheetDocumentType[] {
  return SHEET_DOCUMENT_TYPES.filter((t) => hasAccess(ctx.resources, resourceFor(DOCUMENT_AREA[t], vendorContext), 'READ'));
}

/** GET /employer-admin/upload-outcomes: the caller's own open outcome notices, newest first. */
export async function outcomes(deps: Pick<DocumentDeps, 'db' | 'now'>, ctx: Pick<AuthContext, 'admin' | 'resources'>): Promise<UploadOutcomeList> {
  const { db } = deps;
  const employerTypes = ctx.admin.vendor_id ? [] : readableTypes(ctx, false);
  // Any vendor of the employer (a vendor-bound admin: only its own, below), as the guard's canEnterVendor.
  const vendorTypes = readableTypes(ctx, true);
  if (employerTypes.length === 0 && vendorTypes.length === 0) return { outcomes: [] };
  const since = new Date(deps.now().getTime() - UPLOAD_OUTCOME_WINDOW_DAYS * DAY_MS);
  const rows = await db
    .selectFrom('document_uploads as u')
    .leftJoin('vendors as v', (j) => j.onRef('v.id', '=', 'u.vendor_id').onRef('v.employer_id', '=', 'u.employer_id'))
    .leftJoin('payrolls as p', 'p.upload_id', 'u.id')
    .selectAll('u')
    .select(['v.name as vendor_name', sql<string | null>`to_char(p.month, 'YYYY-MM')`.as('payroll_month')])
    .where('u.admin_id', '=', ctx.admin.id)
    .where('u.employer_id', '=', ctx.admin.employer_id)
    .where('u.outcome_seen_at', 'is', null)
    .where('u.doc_type', '!=', 'RAW_FILE')
    .where((eb) =>
      eb.or([
        eb.and([eb('u.status', '=', 'PROCESSING'), eb('u.created_at', '>=', since)]),
        eb.and([eb('u.status', '!=', 'PROCESSING'), eb('u.processed_at', '>=', since)]),
      ]),
    )
    .where((eb) => {
      const allowed = [];
      if (employerTypes.length > 0) allowed.push(eb.and([eb('u.vendor_id', 'is', null), eb('u.doc_type', 'in', employerTypes)]));
      if (vendorTypes.length > 0) {
        const inVendor = [eb('u.vendor_id', 'is not', null), eb('v.id', 'is not', null), eb('u.doc_type', 'in', vendorTypes)];
        if (ctx.admin.vendor_id) inVendor.push(eb('u.vendor_id', '=', ctx.admin.vendor_id));
        allowed.push(eb.and(inVendor));
      }
      return eb.or(allowed);
    })
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(UPLOAD_OUTCOME_LIMIT)
    .execute();
  const outcomes = rows.map((u): UploadOutcome => {
    const processedType = STORED_TYPES_OF[u.doc_type].processed;
    return {
      _id: u.id,
      docType: u.doc_type as SheetDocumentType,
      fileName: u.file_name,
      vendorId: u.vendor_id,
      vendorName: u.vendor_name,
      status: u.status,
      counts: countsOf(u),
      failureReason: u.failure_reason,
      sheetName: u.sheet_name,
      uploadedDate: u.created_at.toISOString(),
      processedAt: u.processed_at ? u.processed_at.toISOString() : null,
      employerAdminId: u.admin_id,
      processedDocumentId: u.processed_file_id,
      processedDocumentURL: u.processed_file_id && processedType ? documentLocation(u.employer_id, u.admin_id, processedType, u.processed_file_id) : null,
      payrollMonth: u.payroll_month,
    };
  });
  return { outcomes };
}
