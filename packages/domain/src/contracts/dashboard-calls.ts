/** The `dashboardCalls` contracts (decision 0051): an export per endpoint, the namespace `dashboardCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { VendorQuery } from '../wire/api.js';
import type { AttendanceCycleResult, CurrentCycleTopupStatsResult, DashboardStats, SalaryTopupStatsQuery, SalaryTopupStatsResult, StatsKindParam, TodoResult, VendorStatsQuery, VendorStatsResult } from '../wire/dashboard.js';
import { endpoint } from './endpoint.js';

export const attendanceCycle = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; answer: typeof AttendanceCycleResult }>()('GET', '/employer-admin/stats/attendance-cycle');
export const stats = /*#__PURE__*/ endpoint<{ params: typeof StatsKindParam; query: typeof VendorQuery; answer: typeof DashboardStats }>()('GET', '/employer-admin/stats/:kind');
export const salaryTopupStats = /*#__PURE__*/ endpoint<{ query: typeof SalaryTopupStatsQuery; answer: typeof SalaryTopupStatsResult }>()('GET', '/employer-admin/salary-topup-stats');
export const currentCycleTopupStats = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; answer: typeof CurrentCycleTopupStatsResult }>()('GET', '/employer-admin/current-attendance-cycle-salarytopup-stats');
export const vendorStats = /*#__PURE__*/ endpoint<{ query: typeof VendorStatsQuery; answer: typeof VendorStatsResult }>()('GET', '/employer-admin/vendor-stats');
export const todo = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; answer: typeof TodoResult }>()('GET', '/employer-admin/to-do');
