/**
 * Bulk writes without a spreadsheet (issue 26, decision 0046): `POST /employer-admin/bulk/<kind>`
 * takes JSON rows and makes of them the sheet a person would upload (the kind's columns, one row
 * each, in the request's order), accepted through the same door's end as a file: the same upload
 * row, job, sheet kind, rules, messages, statuses, history and events. `GET /employer-admin/bulk/:id`
 * answers the status and, once processed, each row's outcome numbered as in the request.
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
  type BulkKind,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { areaRoute, authOf, contextRoute, type AuthContext } from '../../platform/guard.js';
import { isUuid } from '../../platform/ids.js';
import { sha256 } from '../../platform/secrets.js';
import { openWorkbook } from '../../platform/uploads/sheet-reader.js';
import { writeXlsx } from '../../platform/uploads/xlsx-writer.js';
import type { createDocumentService } from './service.js';

type Documents = ReturnType<typeof createDocumentService>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const statusUrl = (id: string) => `/api/employer-admin/bulk/${id}`;

/** The request's rows as the kind's sheet: its headers, then a row per JSON row (row n of the request is sheet row n + 1). */
async function sheetOf(kind: BulkKind, rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  const columns = BULK_KINDS[kind].columns;
  const keys = columns.map((c) => c.key as string);
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

async function statusOf(deps: Deps, documents: Documents, ctx: AuthContext, id: string): Promise<BulkStatus> {
  if (!isUuid(id)) throw notFound(BULK_MSG.notFound);
  const record = await documents.one(ctx, id).catch(() => {
    throw notFound(BULK_MSG.notFound);
  });
  const c = record.counts;
  return {
    uploadId: record._id,
    docType: record.docType,
    status: record.status,
    statusUrl: statusUrl(record._id),
    failureReason: record.failureReason,
    counts: c ? { total: c.totalRows, created: c.createdRows, updated: c.updatedRows, unchanged: c.unchangedRows, failed: c.failedRows } : null,
    rows: record.status === 'PROCESSED' && record.processedDocumentId ? await outcomesOf(deps, record.processedDocumentId) : [],
  };
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
        const key = req.headers[IDEMPOTENCY_HEADER];
        if (typeof key !== 'string' || key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX) throw badRequest(BULK_MSG.idempotencyKeyMissing);
        const hash = sha256(`${kind}\n${ctx.vendorId ?? ''}\n${JSON.stringify(req.body.rows)}`);
        const known = await deps.db.selectFrom('idempotency_keys').select(['request_hash', 'upload_id']).where('employer_id', '=', ctx.admin.employer_id).where('key', '=', key).executeTakeFirst();
        if (known) {
          if (!known.request_hash.equals(hash)) throw conflict(BULK_MSG.idempotencyKeyReused);
          return reply.status(202).send(await statusOf(deps, documents, ctx, known.upload_id));
        }
        const buffer = await sheetOf(kind, req.body.rows);
        const fileName = `${kind}-${new Date(deps.now()).toISOString().slice(0, 10)}-${req.body.rows.length}-rows.xlsx`;
        let raced: string | null = null;
        const record = await documents.accept(ctx, docType, { fileName, mimeType: XLSX, buffer }, async (trx, upload) => {
          const kept = await trx
            .insertInto('idempotency_keys')
            .values({ employer_id: ctx.admin.employer_id, key, request_hash: hash, upload_id: upload.id })
            .onConflict((oc) => oc.doNothing())
            .returning('key')
            .executeTakeFirst();
          if (!kept) {
            raced = key;
            throw conflict(BULK_MSG.idempotencyKeyReused); // rolls this upload back; answered below
          }
        }).catch(async (err: unknown) => {
          if (!raced) throw err;
          // The same key arrived twice at once: the first one's answer, if its body was this one.
          const first = await deps.db.selectFrom('idempotency_keys').select(['request_hash', 'upload_id']).where('employer_id', '=', ctx.admin.employer_id).where('key', '=', key).executeTakeFirstOrThrow();
          if (!first.request_hash.equals(hash)) throw err;
          return documents.one(ctx, first.upload_id);
        });
        return reply.status(202).send(await statusOf(deps, documents, ctx, record._id));
      },
    );
  }
  app.get(
    '/employer-admin/bulk/:id',
    // The upload's area is known once the row is read: the documents service checks READ on it.
    { config: contextRoute, schema: { tags, querystring: VendorQuery, params: z.object({ id: z.string().max(100) }), response: { 200: BulkStatus } } },
    async (req) => statusOf(deps, documents, authOf(req), req.params.id),
  );
}

