/**
 * The activity trail (decision 0017): GET /employer-admin/activity/trail (paged) and
 * GET /employer-admin/activity/export (activity-trail.xlsx, newest first, at most
 * ACTIVITY_EXPORT_CAP rows). READ on ADMIN (the vendor's admin resource in vendor context). In
 * employer context every action of the employer and of its vendors; in vendor context that
 * vendor's only. Dates are business dates (Asia/Kolkata), both included.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACTIVITY_EXPORT_CAP,
  ACTIVITY_TRAIL_COLUMNS,
  ACTIVITY_TRAIL_REPORT_NAME,
  ActivityExportQuery,
  ActivityTrailQuery,
  ActivityTrailResult,
  actionLabel,
  activityExportRow,
  activityTargetText,
  businessDate,
  businessDayStart,
  checkActivityDates,
  nextDay,
  type ActivityTrailRow,
  adminCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { areaRoute, authOf, type AuthContext } from '../../platform/guard.js';
import { writeXlsx } from '../../platform/uploads/xlsx-writer.js';
import { route } from '../../platform/route.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WIDTHS = [22, 40, 30, 28, 48];

export function registerActivityTrailRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['admins'];
  const read = areaRoute('ADMIN', 'READ');

  /** The context's activities, filtered; dates checked first (400 with 5.1's message). */
  function search(ctx: AuthContext, q: ActivityExportQuery) {
    const problem = checkActivityDates(q.startDate, q.endDate, businessDate(deps.now()));
    if (problem) throw badRequest(problem);
    let query = db
      .selectFrom('activities as a')
      .innerJoin('admins as ad', 'ad.id', 'a.admin_id')
      .innerJoin('employers as e', 'e.id', 'a.employer_id')
      .leftJoin('vendors as v', 'v.id', 'a.vendor_id')
      .leftJoin('api_keys as k', 'k.id', 'a.api_key_id')
      .where('a.employer_id', '=', ctx.admin.employer_id)
      .where('a.created_at', '>=', businessDayStart(q.startDate))
      .where('a.created_at', '<', businessDayStart(nextDay(q.endDate)));
    if (ctx.vendorId) query = query.where('a.vendor_id', '=', ctx.vendorId);
    if (q.actorId) query = query.where('a.admin_id', '=', q.actorId);
    return query;
  }

  async function rows(ctx: AuthContext, q: ActivityExportQuery, offset: number, limit: number): Promise<ActivityTrailRow[]> {
    const found = await search(ctx, q)
      .select(['a.id', 'a.action_type', 'a.target_type', 'a.details', 'a.created_at', 'ad.id as admin_id', 'ad.name as admin_name', 'ad.email as admin_email', 'e.name as employer_name', 'v.name as vendor_name', 'k.name as key_name'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return found.map((r) => ({
      _id: r.id,
      // A change made with an API key names the key, then the admin it acts for (issue 26).
      actor: { _id: r.admin_id, name: r.key_name !== null ? `API key ${r.key_name} (${r.admin_name})` : r.admin_name, email: r.admin_email },
      context: r.vendor_name !== null ? { kind: 'VENDOR' as const, name: r.vendor_name } : { kind: 'EMPLOYER' as const, name: r.employer_name },
      actionType: r.action_type,
      action: actionLabel(r.action_type),
      target: activityTargetText(r.target_type, r.details),
      at: r.created_at.toISOString(),
    }));
  }

  route(app, adminCalls.activityTrail, { config: read, schema: { tags, querystring: ActivityTrailQuery, response: { 200: ActivityTrailResult } } }, async (req) => {
    const ctx = authOf(req);
    const q = req.query;
    search(ctx, q); // checks the dates before the three queries start
    const [activities, count, actors] = await Promise.all([
      rows(ctx, q, (q.pageNumber - 1) * q.limit, q.limit),
      search(ctx, q).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      db
        .selectFrom('admins as ad')
        .select(['ad.id as _id', 'ad.name', 'ad.email'])
        .where('ad.employer_id', '=', ctx.admin.employer_id)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('activities as a')
              .select('a.id')
              .whereRef('a.admin_id', '=', 'ad.id')
              .where('a.employer_id', '=', ctx.admin.employer_id)
              .$if(ctx.vendorId !== null, (s) => s.where('a.vendor_id', '=', ctx.vendorId)),
          ),
        )
        .orderBy('ad.name')
        .execute(),
    ]);
    return { activities, total: Number(count.n), actors };
  });

  route(app, adminCalls.activityExport, { config: read, schema: { tags, querystring: ActivityExportQuery } }, async (req, reply) => {
    const ctx = authOf(req);
    const found = await rows(ctx, req.query, 0, ACTIVITY_EXPORT_CAP);
    const bytes = await writeXlsx({
      name: 'Activity trail',
      header: ACTIVITY_TRAIL_COLUMNS.map((c) => c.header),
      rows: found.map((r) => ({ cells: activityExportRow(r) })),
      columnWidths: WIDTHS,
    });
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${ACTIVITY_TRAIL_REPORT_NAME}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
