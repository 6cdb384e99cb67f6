/**
 * Bulk writes without a spreadsheet (issue 26, decision 0046): `POST /employer-admin/bulk/<kind>`
 * takes JSON rows and makes of them the sheet a person would upload (the kind's columns, one row
 * each, in the request's order), accepted through the same door's end as a file: the same upload
 * row, job, sheet kind, rules, messages, statuses, history and events. `GET /employer-admin/bulk/:id`
 * answers the status and, once ended, each row's outcome numbered as in the request. Payroll entries
 * for a month (`/employer-admin/bulk/payroll`) are registered by features/payroll with `acceptBulk`:
 * their sheet goes through the payroll upload use case, which ends in the same accept.
 *
 * An `Idempotency-Key` is required: a repeat with the same body answers the first answer again (the
 * same upload), another body with the same key is refused (RazorpayX's rule).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_BODY_LIMIT_BYTES,
  BULK_KINDS,
  BULK_KIND_NAMES,
  BULK_MSG,
  BulkBody,
  BulkStatus,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  PROCESSED_REASON_HEADER,
  PROCESSED_STATUS_HEADER,
  VendorQuery,
  cellText,
  type SheetColumn,
  documentCalls,
  BulkIdParam,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { areaRoute, authOf, contextRoute, type AuthContext } from '../../platform/guard.js';
import { isUuid } from '../../platform/ids.js';
import { sha256 } from '../../platform/secrets.js';
import { openWorkbook } from '../../platform/uploads/sheet-reader.js';
import { writeXlsx } from '../../platform/uploads/xlsx-writer.js';
import type { createDocumentService } from './service.js';
import type { AcceptHook, ReceivedFile } from './shared.js';
import { stagedOutcomes } from './staging.js';
import { route } from '../../platform/route.js';

type Documents = ReturnType<typeof createDocumentService>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const statusUrl = (id: string) => `/api/employer-admin/bulk/${id}`;

/** The request's rows as a sheet of these columns: their headers, then a row per JSON row (row n of the request is sheet row n + 1). */
export async function bulkSheet(columns: readonly SheetColumn<string>[], rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  const keys = columns.map((c) => c.key);
  const known = new Set(keys);
  const cells = rows.map((row, i) => {
    for (const field of Object.keys(row)) if (!known.has(field)) throw badRequest(BULK_MSG.unknownField(i + 1, field, keys));
    return keys.map((k) => {
      const v = row[k];
      if (v === undefined || v === null) return null;
      if (typeof v === 'string' || typeof v === 'number') return v;
      if (typeof v === 'boolean') return v ? 'Yes' : 'No';
      throw badRequest(BULK_MSG.notScalar(i + 1, k));
    });
  });
  return writeXlsx({ name: 'Rows', header: columns.map((c) => c.header), rows: cells.map((c) => ({ cells: c })) });
}

/** Each row's outcome from the processed sheet (its Status and Reason columns), numbered as in the request. */
async function outcomesOf(deps: Deps, processedFileId: string): Promise<BulkStatus['rows']> {
  const file = await deps.db.selectFrom('stored_files').select('content').where('id', '=', processedFileId).executeTakeFirstOrThrow();
  const workbook = await openWorkbook(await deps.protector.openBytesFresh(file.content));
  const out: BulkStatus['rows'] = [];
  let status = -1;
  let reason = -1;
  for await (const r of workbook.sheets[0]!.rows()) {
    const cells = r.cells.map((c) => cellText(c));
    if (status < 0) {
      status = cells.indexOf(PROCESSED_STATUS_HEADER);
      reason = cells.indexOf(PROCESSED_REASON_HEADER);
      continue;
    }
    out.push({ row: r.rowNumber - 1, status: cells[status] ?? '', reason: cells[reason] || null });
  }
  return out;
}

/**
 * Each row's outcome while a finished upload's processed sheet is not stored yet: a payroll's
 * follows its commit by a moment (processedSheetAfterCommit), and until it is stored the staged
 * rows hold what it will say. Empty once the staging is cleared (the sheet is stored by then).
 */
async function stagedOutcomesOf(deps: Deps, uploadId: string): Promise<BulkStatus['rows']> {
  const out: BulkStatus['rows'] = [];
  for await (const r of stagedOutcomes(deps.db, uploadId)) out.push({ row: r.row_number - 1, status: r.status ?? '', reason: r.reason || null });
  return out;
}

/** An upload's status as the bulk calls answer it: 404 outside the caller's scope, or without READ on its area. */
async function bulkStatusOf(deps: Deps, documents: Documents, ctx: AuthContext, id: string): Promise<BulkStatus> {
  if (!isUuid(id)) throw notFound(BULK_MSG.notFound);
  const one = () =>
    documents.one(ctx, id).catch(() => {
      throw notFound(BULK_MSG.notFound);
    });
  let record = await one();
  // Once it has ended, the rows' outcomes: the processed sheet's (a failed payroll's too: every row
  // FAILED with its reasons, or VALID); for a processed payroll, the staged ones until its sheet is
  // stored. An upload refused as a whole has no processed sheet, and no rows.
  let rows: BulkStatus['rows'] = [];
  if (record.status === 'PROCESSED' && !record.processedDocumentId) {
    rows = await stagedOutcomesOf(deps, record._id);
    if (rows.length === 0) record = await one(); // stored and cleared meanwhile
  }
  if (record.status !== 'PROCESSING' && record.processedDocumentId) rows = await outcomesOf(deps, record.processedDocumentId);
  const c = record.counts;
  return {
    uploadId: record._id,
    docType: record.docType,
    status: record.status,
    statusUrl: statusUrl(record._id),
    failureReason: record.failureReason,
    counts: c ? { total: c.totalRows, created: c.createdRows, updated: c.updatedRows, unchanged: c.unchangedRows, failed: c.failedRows } : null,
    rows,
  };
}

/**
 * How a bulk kind stores its sheet: `file()` makes it (refusing a row it cannot write), `hook` runs
 * in the upload's transaction; the upload's id. The sheet kinds store through the documents
 * service's accept; payroll through its own upload use case, which checks the month first and
 * ends in the same accept.
 */
export type BulkStore = (file: () => Promise<ReceivedFile>, hook: AcceptHook) => Promise<string>;

export interface BulkRequest {
  /** the kind's name in the URL, also in the request's hash and the file's name */
  kind: string;
  columns: readonly SheetColumn<string>[];
  rows: readonly Record<string, unknown>[];
  /** what else the body says (payroll: its month and kind), in the request's hash */
  params?: string;
  store: BulkStore;
}

/**
 * One bulk write (decision 0046): the Idempotency-Key checked (a repeat of the same request answers
 * the first one's upload, another request under the key is 409), the rows made the kind's sheet
 * and stored, with the key kept in the upload's own transaction. The upload's status.
 */
export async function acceptBulk(deps: Deps, documents: Documents, ctx: AuthContext, idempotencyKey: unknown, request: BulkRequest): Promise<BulkStatus> {
  const key = idempotencyKey;
  if (typeof key !== 'string' || key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX) throw badRequest(BULK_MSG.idempotencyKeyMissing);
  const { kind, rows } = request;
  const hash = sha256(`${kind}\n${ctx.vendorId ?? ''}\n${JSON.stringify(rows)}${request.params === undefined ? '' : `\n${request.params}`}`);
  const firstOf = () => deps.db.selectFrom('idempotency_keys').select(['request_hash', 'upload_id']).where('employer_id', '=', ctx.admin.employer_id).where('key', '=', key).executeTakeFirst();
  const known = await firstOf();
  if (known) {
    if (!known.request_hash.equals(hash)) throw conflict(BULK_MSG.idempotencyKeyReused);
    return bulkStatusOf(deps, documents, ctx, known.upload_id);
  }
  const file = async (): Promise<ReceivedFile> => ({
    fileName: `${kind}-${new Date(deps.now()).toISOString().slice(0, 10)}-${rows.length}-rows.xlsx`,
    mimeType: XLSX,
    buffer: await bulkSheet(request.columns, rows),
  });
  let raced = false;
  const uploadId = await request
    .store(file, async (trx, upload) => {
      const kept = await trx
        .insertInto('idempotency_keys')
        .values({ employer_id: ctx.admin.employer_id, key, request_hash: hash, upload_id: upload.id })
        .onConflict((oc) => oc.doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!kept) {
        raced = true;
        throw conflict(BULK_MSG.idempotencyKeyReused); // rolls this upload back; answered below
      }
    })
    .catch(async (err: unknown) => {
      if (!raced) throw err;
      // The same key arrived twice at once: the first one's answer, if its body was this one.
      const first = await firstOf();
      if (!first?.request_hash.equals(hash)) throw err;
      return first.upload_id;
    });
  return bulkStatusOf(deps, documents, ctx, uploadId);
}

export function registerBulkRoutes(parent: FastifyInstance, deps: Deps, documents: Documents): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['bulk'];
  for (const kind of BULK_KIND_NAMES) {
    const { docType, area, columns } = BULK_KINDS[kind];
    app.post(
      `/employer-admin/bulk/${kind}`,
      {
        config: areaRoute(area, 'WRITE'),
        bodyLimit: BULK_BODY_LIMIT_BYTES,
        schema: {
          tags,
          description:
            `The ${kind} sheet's rows as JSON (fields: ${columns.map((c) => c.key).join(', ')}), processed as the same sheet uploaded would be. ` +
            `Needs an ${IDEMPOTENCY_HEADER} header. Answers 202 with the status URL.`,
          querystring: VendorQuery,
          headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
          body: BulkBody,
          response: { 202: BulkStatus },
        },
      },
      async (req, reply) => {
        const ctx = authOf(req);
        const status = await acceptBulk(deps, documents, ctx, req.headers[IDEMPOTENCY_HEADER], {
          kind,
          columns,
          rows: req.body.rows,
          store: async (file, hook) => (await documents.accept(ctx, docType, await file(), hook))._id,
        });
        return reply.status(202).send(status);
      },
    );
  }
  route(
    app,
    documentCalls.bulkStatus,
    // The upload's area is known once the row is read: the documents service checks READ on it.
    { config: contextRoute, schema: { tags, querystring: VendorQuery, params: BulkIdParam, response: { 200: BulkStatus } } },
    async (req) => bulkStatusOf(deps, documents, authOf(req), req.params.id),
  );
}

