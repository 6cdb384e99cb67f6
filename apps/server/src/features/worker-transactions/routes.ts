/** Transactions (spec 2.13) and Salary Topups (2.12): the searches and their xlsx downloads (7). READ on TRANSACTIONS. */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SALARY_TOPUPS_REPORT_NAME,
  SALARY_TOPUP_COLUMNS,
  SalaryTopupQuery,
  SalaryTopupResult,
  TRANSACTIONS_REPORT_NAME,
  TRANSACTION_COLUMNS,
  WorkerTransactionsQuery,
  WorkerTransactionsResult,
  salaryTopupExportRow,
  transactionExportRow,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { areaRoute, authOf } from '../../platform/guard.js';
import { XLSX_TYPE, writeReport, type ReportSheet } from './report.js';
import { createWorkerTransactionsService, toTopupRow, toTransactionRow, type TopupSelection, type TransactionSelection } from './service.js';

const TRANSACTION_WIDTHS = [28, 16, 22, 18, 16, 20, 20, 16, 24];
const TOPUP_WIDTHS = [16, 28, 16, 16, 18, 12, 14, 16, 24];

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

  app.get(
    '/employer-admin/transactions-of-workers',
    { config: read, schema: { tags, querystring: WorkerTransactionsQuery, response: { 200: WorkerTransactionsResult } } },
    async (req) => service.transactions(authOf(req), req.query),
  );

  app.get('/employer-admin/transactions-of-workers/report', { config: read, schema: { tags, querystring: WorkerTransactionsQuery } }, async (req, reply) => {
    // Built (and its dates checked) before the first byte is sent.
    const query = service.transactionSearch(authOf(req), req.query);
    return stream<TransactionSelection>(req, reply, TRANSACTIONS_REPORT_NAME, {
      name: 'Transactions',
      columns: TRANSACTION_COLUMNS.map((c, k) => ({ header: c.header, width: TRANSACTION_WIDTHS[k] ?? 18 })),
      query,
      toCells: (row) => transactionExportRow(toTransactionRow(row)),
    });
  });

  app.get(
    '/employer-admin/salary-topup/applications',
    { config: read, schema: { tags, querystring: SalaryTopupQuery, response: { 200: SalaryTopupResult } } },
    async (req) => service.topups(authOf(req), req.query),
  );

  app.get('/employer-admin/salary-topup/applications/report', { config: read, schema: { tags, querystring: SalaryTopupQuery } }, async (req, reply) => {
    const query = service.topupSearch(authOf(req), req.query);
    return stream<TopupSelection>(req, reply, SALARY_TOPUPS_REPORT_NAME, {
      name: 'Salary Topups',
      columns: SALARY_TOPUP_COLUMNS.map((c, k) => ({ header: c.header, width: TOPUP_WIDTHS[k] ?? 18 })),
      query,
      toCells: (row) => salaryTopupExportRow(toTopupRow(row)),
    });
  });
}
