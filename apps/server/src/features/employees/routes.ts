/** Employees list, download, add/edit, availability check, terminate and activate (spec 2.5, 4.6, 7). */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkEmployeeIdsBody,
  BulkEmployeeResult,
  EmployeeExportBody,
  EmployeeFieldCheckBody,
  EmployeeFieldCheckResult,
  EmployeeFormBody,
  EmployeeRecord,
  EmployeeSearchBody,
  EmployeeSearchResult,
  EmployeeUpdateBody,
  TerminateEmployeeBody,
  VendorQuery,
  exportColumns,
  employeeCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { areaRoute, authOf } from '../../platform/guard.js';
import { createEmployeeService } from './service.js';
import { EMPLOYEE_REPORT_NAME, XLSX_TYPE, writeEmployeeReport } from './report.js';
import { route } from '../../platform/route.js';

export function registerEmployeeRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const employees = createEmployeeService(deps);
  const tags = ['employees'];
  const read = areaRoute('EMPLOYEES', 'READ');
  const write = areaRoute('EMPLOYEES', 'WRITE');
  const querystring = VendorQuery;

  route(
    app,
    employeeCalls.search,
    { config: read, schema: { tags, querystring, body: EmployeeSearchBody, response: { 200: EmployeeSearchResult } } },
    async (req) => employees.search(authOf(req), req.body),
  );

  route(app, employeeCalls.report, { config: read, schema: { tags, querystring, body: EmployeeExportBody } }, async (req, reply) => {
    const ctx = authOf(req);
    // Everything that can refuse the request runs before the first byte is sent.
    const query = employees.reportQuery(ctx, req.body);
    const columns = exportColumns(req.body.columns, await employees.metadata(ctx));
    const stream = new PassThrough();
    writeEmployeeReport(deps.db, query, columns, stream).catch((err: unknown) => {
      req.log.error({ err }, 'employee report failed');
      stream.destroy(err as Error);
    });
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${EMPLOYEE_REPORT_NAME}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  route(app, employeeCalls.add, { config: write, schema: { tags, querystring, body: EmployeeFormBody, response: { 200: EmployeeRecord } } }, async (req) =>
    employees.create(authOf(req), req.body),
  );
  route(app, employeeCalls.update, { config: write, schema: { tags, querystring, body: EmployeeUpdateBody, response: { 200: EmployeeRecord } } }, async (req) =>
    employees.update(authOf(req), req.body),
  );

  route(
    app,
    employeeCalls.fieldCheck,
    { config: write, schema: { tags, querystring, body: EmployeeFieldCheckBody, response: { 200: EmployeeFieldCheckResult } } },
    async (req) => ({ available: await employees.fieldAvailable(authOf(req), req.body.field, req.body.value, req.body.employeeId) }),
  );

  route(
    app,
    employeeCalls.terminateMany,
    { config: write, schema: { tags, querystring, body: BulkEmployeeIdsBody, response: { 200: BulkEmployeeResult } } },
    async (req) => employees.setStatusBulk(authOf(req), req.body.employerEmployeeIds, 'TERMINATE'),
  );
  route(
    app,
    employeeCalls.activateMany,
    { config: write, schema: { tags, querystring, body: BulkEmployeeIdsBody, response: { 200: BulkEmployeeResult } } },
    async (req) => employees.setStatusBulk(authOf(req), req.body.employerEmployeeIds, 'ACTIVATE'),
  );
  route(
    app,
    employeeCalls.terminateOne,
    { config: write, schema: { tags, querystring, body: TerminateEmployeeBody, response: { 200: EmployeeRecord } } },
    async (req) => employees.terminateOne(authOf(req), req.body.employeeId),
  );
}
