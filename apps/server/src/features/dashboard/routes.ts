/**
 * Dashboard calls (spec 7 "Dashboard", decision 0016). READ on any resource of the context
 * (employer, or the vendor of `vendorId`): the dashboard shows to whoever may see the Dashboard
 * or the vendor's Dashboard tab. The attendance list and recent activities are served by the
 * documents and admins features.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AttendanceCycleResult,
  CurrentCycleTopupStatsResult,
  DashboardStats,
  SalaryTopupStatsQuery,
  SalaryTopupStatsResult,
  StatsKindParam,
  TodoResult,
  VendorQuery,
  VendorStatsQuery,
  VendorStatsResult,
  dashboardCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { authOf, contextRoute } from '../../platform/guard.js';
import { createDashboardService } from './service.js';
import { route } from '../../platform/route.js';

export function registerDashboardRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createDashboardService(deps);
  const tags = ['dashboard'];

  route(
    app,
    dashboardCalls.attendanceCycle,
    { config: contextRoute, schema: { tags, querystring: VendorQuery, response: { 200: AttendanceCycleResult } } },
    async (req) => {
      const c = await service.cycles(authOf(req));
      return { attendanceCycleDates: c.current, attendanceCycleStartDay: c.startDay };
    },
  );

  route(
    app,
    dashboardCalls.stats,
    { config: contextRoute, schema: { tags, params: StatsKindParam, querystring: VendorQuery, response: { 200: DashboardStats } } },
    async (req) => (req.params.kind === 'EWA' ? service.ewaStats(authOf(req)) : service.stuStats(authOf(req))),
  );

  route(
    app,
    dashboardCalls.salaryTopupStats,
    { config: contextRoute, schema: { tags, querystring: SalaryTopupStatsQuery, response: { 200: SalaryTopupStatsResult } } },
    async (req) => service.salaryTopupStats(authOf(req), req.query.employerId),
  );

  route(
    app,
    dashboardCalls.currentCycleTopupStats,
    { config: contextRoute, schema: { tags, querystring: VendorQuery, response: { 200: CurrentCycleTopupStatsResult } } },
    async (req) => service.currentCycleTopupStats(authOf(req)),
  );

  route(
    app,
    dashboardCalls.vendorStats,
    { config: contextRoute, schema: { tags, querystring: VendorStatsQuery, response: { 200: VendorStatsResult } } },
    async (req) => service.vendorStats(authOf(req), req.query.employerId),
  );

  route(app, dashboardCalls.todo, { config: contextRoute, schema: { tags, querystring: VendorQuery, response: { 200: TodoResult } } }, async (req) =>
    service.todo(authOf(req)),
  );
}
