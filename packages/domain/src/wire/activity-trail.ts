/** The zod wire schemas of ../activity-trail.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { ACTIVITY_TRAIL_PAGE_SIZE } from '../activity-trail.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const ActivityTrailQuery = z.object({
  vendorId: z.string().uuid().optional(),
  /** Business dates (Asia/Kolkata), both included. */
  startDate: isoDate,
  endDate: isoDate,
  actorId: z.string().uuid().optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ACTIVITY_TRAIL_PAGE_SIZE),
});
export type ActivityTrailQuery = z.infer<typeof ActivityTrailQuery>;
export const ActivityExportQuery = ActivityTrailQuery.omit({ pageNumber: true, limit: true });
export type ActivityExportQuery = z.infer<typeof ActivityExportQuery>;

export const ActivityTrailRow = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** The employer's name, or the vendor's when the action was taken in vendor context. */
  context: z.object({ kind: z.enum(['EMPLOYER', 'VENDOR']), name: z.string() }),
  actionType: z.string(),
  action: z.string(),
  target: z.string(),
  /** ISO instant */
  at: z.string(),
});
export type ActivityTrailRow = z.infer<typeof ActivityTrailRow>;
export const ActivityTrailResult = z.object({
  activities: z.array(ActivityTrailRow),
  total: z.number().int(),
  /** Everyone who has an action in this context, for the actor filter. */
  actors: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
});
export type ActivityTrailResult = z.infer<typeof ActivityTrailResult>;
