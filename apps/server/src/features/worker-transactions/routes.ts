/**
 * Transactions (spec 2.13) and Salary Topups (2.12): the searches, paged on the server, and their
 * xlsx downloads (7). READ on TRANSACTIONS.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SALARY_TOPUPS_REPORT_NAME,
  SALARY_TOPUP_COLUMNS,
  SalaryTopupFilter,
  SalaryTopupQuery,
  SalaryTopupResult,
  TRANSACTIONS_REPORT_NAME,
  TRANSACTION_COLUMNS,
  WORKER_TRANSACTIONS_PAGE_PARAMS,
  WorkerTransactionsFilter,
  WorkerTransactionsQuery,
  WorkerTransactionsResult,
  salaryTopupExportRow,
  transactionExportRow,
  workerTransactionCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { badRequest, sendError } from '../../platform/errors.js';
import { areaRoute, authOf } from '../../platform/guard.js';
import { XLSX_TYPE, writeReport, type ReportSheet } from './report.js';
import { createWorkerTransactionsService } from './service.js';
import { toTopupRow, type TopupSelection } from './topups-query.js';
import { toTransactionRow, type TransactionSelection } from './transactions-query.js';
import { route } from '../../platform/route.js';

const TRANSACTION_WIDTHS = [28, 16, 22, 18, 16, 20, 20, 16, 24];
const TOPUP_WIDTHS = [16, 28, 16, 16, 18, 12, 14, 16, 24];

/**
 * A page, page size or sort the query string cannot give is a 400 with the schema's message for it
 * (the app's handler answers every other refused value with its general message).
 */
function pagingErrors(error: unknown, _req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const paging = error.validation.find((v) => (WORKER_TRANSACTIONS_PAGE_PARAMS as readonly string[]).includes(v.instancePath.slice(1)));
    if (paging?.message) {
      void sendError(reply, badRequest(paging.message));
      return;
    }
  }
  throw error;
}

const PAGED =
  'Paged on the server: `page` (from 1, default 1), `pageSize` (10, 25, 50 or 100; default 10), `sortBy` and `sortOrder` (asc or desc; default createdAt desc, ' +
  'ties broken by id so pages never repeat or skip a row). Only the first `limit` rows (the cap, spec 9: 20,000) of the sort order are reachable: ' +
  '`total` is the matching rows counted up to the cap, `capped` that the cap was reached (the screen shows its toast), and a page beyond them is empty. ' +
  'An invalid page, pageSize, sortBy or sortOrder is a 400 saying which. READ on the transactions resource.';

export function registerWorkerTransactionRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createWorkerTransactionsService(deps);
  const tags = ['transactions'];
  const read = areaRoute('TRANSACTIONS', 'READ');

  function stream<Row>(req: FastifyRequest, reply: FastifyReply, fileName: string, sheet: ReportSheet<Row>) {
    const out = new PassThrough();
    writeReport(deps.db, sheet, out).catch((err: unknown) => {
      req.log.error({ err }, `${fileName} failed`);
      out.destroy(err as Error);
    });
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(out);
  }

  route(
    app,
    workerTransactionCalls.transactions,
    {
      config: read,
      errorHandler: pagingErrors,
      schema: {
        tags,
        description: `The disbursed advances (TRANSFERRED, DEDUCTED_FROM_SALARY, REPAID) of the caller's employer and context created in the business days startDate-endDate (Asia/Kolkata). sortBy: createdAt, amount, status or name. ${PAGED}`,
        querystring: WorkerTransactionsQuery,
        response: { 200: WorkerTransactionsResult },
      },
    },
    async (req) => service.transactions(authOf(req), req.query),
  );

  const REPORT = 'Every row of the search up to the cap (spec 9: 20,000), newest first, as an xlsx streamed in the reply; paging and sort parameters are ignored.';
  route(app, workerTransactionCalls.transactionsReport, { config: read, schema: { tags, description: REPORT, querystring: WorkerTransactionsFilter } }, async (req, reply) => {
    // Built (and its dates checked) before the first byte is sent.
    const query = service.transactionSearch(authOf(req), req.query);
    return stream<TransactionSelection>(req, reply, TRANSACTIONS_REPORT_NAME, {
      name: 'Transactions',
      columns: TRANSACTION_COLUMNS.map((c, k) => ({ header: c.header, width: TRANSACTION_WIDTHS[k] ?? 18 })),
      query,
      toCells: (row) => transactionExportRow(toTransactionRow(row)),
    });
  });

  route(
    app,
    workerTransactionCalls.topups,
    {
      config: read,
      errorHandler: pagingErrors,
      schema: {
        tags,
        description: `The salary top-up applications of the caller's employer and context made in the business days startDate-endDate (Asia/Kolkata). sortBy: createdAt, amount, status, name or approvalDate (applications without one last). ${PAGED}`,
        querystring: SalaryTopupQuery,
        response: { 200: SalaryTopupResult },
      },
    },
    async (req) => service.topups(authOf(req), req.query),
  );

  route(app, workerTransactionCalls.topupsReport, { config: read, schema: { tags, description: REPORT, querystring: SalaryTopupFilter } }, async (req, reply) => {
    const query = service.topupSearch(authOf(req), req.query);
    return stream<TopupSelection>(req, reply, SALARY_TOPUPS_REPORT_NAME, {
      name: 'Salary Topups',
      columns: SALARY_TOPUP_COLUMNS.map((c, k) => ({ header: c.header, width: TOPUP_WIDTHS[k] ?? 18 })),
      query,
      toCells: (row) => salaryTopupExportRow(toTopupRow(row)),
    });
  });
}
