/** Payroll calls up to the freeze (spec 7): upload (also as bulk JSON rows, decision 0046), history, info, monthly summary, details, payout table, status, hrAction. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_BODY_LIMIT_BYTES,
  BULK_PAYROLL,
  BulkPayrollBody,
  BulkPayrollStatus,
  EmployeePayoutDetailsBody,
  IDEMPOTENCY_HEADER,
  EmployeePayoutDetailsResult,
  HrActionBody,
  MissingWorkersQuery,
  MissingWorkersResult,
  PayrollDetails,
  PayrollDetailsQuery,
  PayrollInfo,
  PayrollListQuery,
  PayrollListResult,
  PayrollMonthlySummary,
  PayrollMonthlySummaryQuery,
  PayrollStatusResult,
  PayrollVendorQuery,
  SHEET_UPLOAD_LIMIT_MB,
  UPLOAD_MSG,
  UpdatePayrollStatusBody,
  UploadPayrollDocBody,
  UploadPayrollDocResult,
  maxBytesOf,
  payrollCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { AppError, sendError } from '../../platform/errors.js';
import { areaRoute, authOf } from '../../platform/guard.js';
import { inScope } from '../../platform/scope.js';
import { acceptBulk, createDocumentService } from '../documents/index.js';
import { createPayrollService } from './service.js';
import { route } from '../../platform/route.js';

/** A JSON body carrying a 5 MB file as base64, with room for the other fields. */
const UPLOAD_BODY_LIMIT = Math.ceil((maxBytesOf('PAYROLL_UPLOAD') + 1) / 3) * 4 + 64 * 1024;

/** A body past the limit is the Size Error of the upload screen, not a bare 413. */
function uploadErrors(error: unknown, _req: FastifyRequest, reply: FastifyReply) {
  if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    void sendError(reply, new AppError('UPLOAD_TOO_LARGE', UPLOAD_MSG.sizeError(SHEET_UPLOAD_LIMIT_MB)));
    return;
  }
  throw error;
}

export function registerPayrollRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const payroll = createPayrollService(deps);
  const tags = ['payroll'];
  const querystring = PayrollVendorQuery;
  const read = areaRoute('PAYROLL', 'READ');
  const write = areaRoute('PAYROLL', 'WRITE');

  route(
    app,
    payrollCalls.upload,
    { config: write, bodyLimit: UPLOAD_BODY_LIMIT, errorHandler: uploadErrors, schema: { tags, querystring, body: UploadPayrollDocBody, response: { 201: UploadPayrollDocResult } } },
    async (req, reply) => reply.status(201).send(await payroll.upload(authOf(req), req.body)),
  );
  // Issue 26 (decision 0046): payroll entries for a month as JSON rows: their payroll sheet through
  // the same upload (uploadSheet), the other bulk kinds' Idempotency-Key, answer and status URL.
  const documents = createDocumentService(deps);
  app.post(
    `/employer-admin/bulk/${BULK_PAYROLL.kind}`,
    {
      config: write,
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['bulk'],
        description:
          `The payroll sheet's rows as JSON (fields: ${BULK_PAYROLL.columns.map((c) => c.key).join(', ')}), with upload-payroll-doc's payrollMonth and docType beside them, ` +
          `processed as the same sheet uploaded there would be (the same month, window, opt-in and re-upload checks). Needs an ${IDEMPOTENCY_HEADER} header. ` +
          'Answers 202 with the payroll id and the status URL.',
        querystring,
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        body: BulkPayrollBody,
        response: { 202: BulkPayrollStatus },
      },
    },
    async (req, reply) => {
      const ctx = authOf(req);
      const { rows, payrollMonth, docType } = req.body;
      const status = await acceptBulk(deps, documents, ctx, req.headers[IDEMPOTENCY_HEADER], {
        kind: BULK_PAYROLL.kind,
        columns: BULK_PAYROLL.columns,
        rows,
        params: `${docType}\n${payrollMonth ?? ''}`,
        store: async (file, hook) => (await payroll.uploadSheet(ctx, { payrollMonth, docType }, file, hook)).documentId,
      });
      const made = await deps.db.selectFrom('payrolls as p').select('p.id').where('p.upload_id', '=', status.uploadId).where(inScope(ctx, 'p')).executeTakeFirstOrThrow();
      return reply.status(202).send({ ...status, payrollId: made.id });
    },
  );
  route(app, payrollCalls.list, { config: read, schema: { tags, querystring: PayrollListQuery, response: { 200: PayrollListResult } } }, async (req) =>
    payroll.list(authOf(req), req.query.pageNumber, req.query.limit),
  );
  route(app, payrollCalls.info, { config: read, schema: { tags, querystring, response: { 200: PayrollInfo } } }, async (req) => payroll.info(authOf(req)));
  route(
    app,
    payrollCalls.monthlySummary,
    { config: read, schema: { tags, querystring: PayrollMonthlySummaryQuery, response: { 200: PayrollMonthlySummary } } },
    async (req) => payroll.monthlySummary(authOf(req), req.query),
  );
  route(app, payrollCalls.details, { config: read, schema: { tags, querystring: PayrollDetailsQuery, response: { 200: PayrollDetails } } }, async (req) =>
    payroll.details(authOf(req), { month: req.query.month, year: req.query.year }),
  );
  // Decision 0022: the month's current payroll when it is a streaming-account one (its execute: features/payouts).
  route(
    app,
    payrollCalls.streamingDetails,
    {
      config: read,
      schema: {
        tags,
        summary: "The month's streaming-account payroll",
        description:
          'The month\'s current payroll when it is a PAYROLL_STREAMING_ACCOUNT payroll, in the shape of payroll-details; 404 "Oops! No Data found" when there is none or it is a PAYROLL_UPLOAD.',
        querystring: PayrollDetailsQuery,
        response: { 200: PayrollDetails },
      },
    },
    async (req) => payroll.details(authOf(req), { month: req.query.month, year: req.query.year }, 'PAYROLL_STREAMING_ACCOUNT'),
  );
  route(
    app,
    payrollCalls.payoutDetails,
    { config: read, schema: { tags, querystring, body: EmployeePayoutDetailsBody, response: { 200: EmployeePayoutDetailsResult } } },
    async (req) => payroll.payoutDetails(authOf(req), req.body),
  );
  route(
    app,
    payrollCalls.missingWorkers,
    { config: read, schema: { tags, querystring: MissingWorkersQuery, response: { 200: MissingWorkersResult } } },
    async (req) => payroll.missingWorkers(authOf(req), req.query),
  );
  route(
    app,
    payrollCalls.updateStatus,
    { config: write, schema: { tags, querystring, body: UpdatePayrollStatusBody, response: { 200: PayrollStatusResult } } },
    async (req) => payroll.updateStatus(authOf(req), req.body.payrollId, req.body.status),
  );
  route(app, payrollCalls.freeze, { config: write, schema: { tags, querystring, body: HrActionBody, response: { 200: PayrollStatusResult } } }, async (req) => payroll.freeze(authOf(req), req.body.data));
}
