/** The `employeeCalls` contracts (decision 0051): an export per endpoint, the namespace `employeeCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { VendorQuery } from '../wire/api.js';
import type { BulkEmployeeIdsBody, BulkEmployeeResult, EmployeeExportBody, EmployeeFieldCheckBody, EmployeeFieldCheckResult, EmployeeFormBody, EmployeeRecord, EmployeeSearchBody, EmployeeSearchResult, EmployeeUpdateBody, TerminateEmployeeBody } from '../wire/employees.js';
import { endpoint } from './endpoint.js';

export const search = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof EmployeeSearchBody; answer: typeof EmployeeSearchResult }>()('PUT', '/v2/employer-admin/employee-paginated-filter-search');
export const report = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof EmployeeExportBody; answer: 'file' }>()('PUT', '/employer-admin/search');
export const add = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof EmployeeFormBody; answer: typeof EmployeeRecord }>()('POST', '/employer-admin/employee');
export const update = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof EmployeeUpdateBody; answer: typeof EmployeeRecord }>()('PATCH', '/employer-admin/employee');
export const fieldCheck = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof EmployeeFieldCheckBody; answer: typeof EmployeeFieldCheckResult }>()('POST', '/employer-admin/employee-field-check');
export const terminateMany = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof BulkEmployeeIdsBody; answer: typeof BulkEmployeeResult }>()('PATCH', '/v2/employer-admin/terminate-employees');
export const activateMany = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof BulkEmployeeIdsBody; answer: typeof BulkEmployeeResult }>()('PATCH', '/v2/employer-admin/activate-employees');
export const terminateOne = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof TerminateEmployeeBody; answer: typeof EmployeeRecord }>()('PATCH', '/employer-admin/terminate-employee');
