/**
 * The upload outcome notices (issue 11): sheets are processed in a background job, so the portal
 * tells the uploader how each of their sheets ended wherever they are, until they dismiss it.
 *
 * Scope: only the caller's own uploads (admin and employer), of sheet types, still PROCESSING or
 * finished within UPLOAD_OUTCOME_WINDOW_DAYS, not dismissed. An upload is listed only while the
 * admin still holds READ on its type's area in the upload's own context (the vendor resource for a
 * vendor's upload, spec 6), and a vendor-bound admin sees only its vendor's. The route is a
 * session route and not a context route: the notice is global, so it lists the admin's uploads
 * of every context it may still read, each carrying its `vendorId` for the download call.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  DOCUMENT_AREA,
  SHEET_DOCUMENT_TYPES,
  STORED_TYPES_OF,
  UPLOAD_MSG,
  UPLOAD_OUTCOME_LIMIT,
  UPLOAD_OUTCOME_WINDOW_DAYS,
  UploadOutcomeList,
  UploadOutcomeParams,
  UploadOutcomesDismissAllBody,
  UploadOutcomesDismissAllResult,
  UploadOutcomesSeenBody,
  UploadOutcomesSeenResult,
  documentLocation,
  hasAccess,
  resourceFor,
  type SheetDocumentType,
  type UploadOutcome,
  uploadOutcomeCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { authOf, sessionRoute, type AuthContext } from '../../platform/guard.js';
import { countsOf } from './service.js';
import { route } from '../../platform/route.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sheet types whose area the admin may READ in a context (employer or vendor). */
function readableTypes(ctx: Pick<AuthContext, 'resources'>, vendorContext: boolean): SheetDocumentType[] {
  return SHEET_DOCUMENT_TYPES.filter((t) => hasAccess(ctx.resources, resourceFor(DOCUMENT_AREA[t], vendorContext), 'READ'));
}

export function createOutcomeService(deps: Deps) {
  const { db } = deps;

  return {
    /** GET /employer-admin/upload-outcomes: the caller's own open outcome notices, newest first. */
    async list(ctx: Pick<AuthContext, 'admin' | 'resources'>): Promise<UploadOutcomeList> {
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
    },

    /** POST /employer-admin/upload-outcomes/{id}/dismiss: the caller's own upload only; anyone else's is not found. */
    async dismiss(ctx: Pick<AuthContext, 'admin'>, id: string): Promise<void> {
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
    },

    /**
     * POST /employer-admin/upload-outcomes/seen: the admin saw these uploads' outcomes on their own
     * list (issue 20). Only the caller's own finished sheet uploads are marked; a row still
     * PROCESSING has shown no outcome yet, and anyone else's id is ignored (a list shows others' rows).
     */
    async seen(ctx: Pick<AuthContext, 'admin'>, ids: readonly string[]): Promise<{ seen: number }> {
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
    },

    /**
     * POST /employer-admin/upload-outcomes/dismiss-all ("Close all", issue 20): every open notice of
     * the caller's uploads made at or before `uploadedUntil` (compared to the millisecond, as the
     * list gives it), the ones the stack kept waiting too; a later upload is not closed unseen.
     */
    async dismissAll(ctx: Pick<AuthContext, 'admin'>, uploadedUntil: string): Promise<{ dismissed: number }> {
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
    },
  };
}

export async function registerOutcomeRoutes(parent: FastifyInstance, deps: Deps): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const outcomes = createOutcomeService(deps);
  const tags = ['documents'];
  // Any fully signed-in admin: the service lists only what the admin may still read, per upload.
  route(app, uploadOutcomeCalls.list, { config: sessionRoute(), schema: { tags, response: { 200: UploadOutcomeList } } }, async (req) =>
    outcomes.list(authOf(req)),
  );
  route(app, uploadOutcomeCalls.dismiss, { config: sessionRoute(), schema: { tags, params: UploadOutcomeParams } }, async (req, reply) => {
    await outcomes.dismiss(authOf(req), req.params.id);
    return reply.status(204).send();
  });
  route(
    app,
    uploadOutcomeCalls.seen,
    {
      config: sessionRoute(),
      schema: {
        tags,
        description:
          "Marks the caller's own finished sheet uploads among `ids` as seen (their outcome was shown on the upload's own list), so their notices no longer follow the admin; others' ids, raw files and uploads still PROCESSING are left as they are.",
        body: UploadOutcomesSeenBody,
        response: { 200: UploadOutcomesSeenResult },
      },
    },
    async (req) => outcomes.seen(authOf(req), req.body.ids),
  );
  route(
    app,
    uploadOutcomeCalls.dismissAll,
    {
      config: sessionRoute(),
      schema: {
        tags,
        description: "Closes every open outcome notice of the caller's uploads made at or before `uploadedUntil` (Close all).",
        body: UploadOutcomesDismissAllBody,
        response: { 200: UploadOutcomesDismissAllResult },
      },
    },
    async (req) => outcomes.dismissAll(authOf(req), req.body.uploadedUntil),
  );
}
