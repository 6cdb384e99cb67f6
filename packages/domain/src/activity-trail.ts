/**
 * The activity trail (beyond the spec; decision 0017): every admin action of the employer (or of
 * one vendor) with its actor, context, action, target and time in IST, filtered by date range and
 * actor, paged, and downloadable as activity-trail.xlsx. Pure: shapes, labels and the export row.
 */
import { checkDateRange } from './validation.js';
import type { ActivityTrailRow } from './wire/activity-trail.js';
import { formatDateTimeIst } from './worker-transactions.js';
import { spreadsheetSafeText } from './employees.js';

export const ACTIVITY_TRAIL_PAGE_SIZE = 20;
/** Rows in one download at most (newest first); the screen says so when a range holds more. */
export const ACTIVITY_EXPORT_CAP = 20_000;
export const ACTIVITY_TRAIL_REPORT_NAME = 'activity-trail.xlsx';
/** How far back the trail looks by default: the last 30 days, today included. */
export const ACTIVITY_TRAIL_DEFAULT_DAYS = 30;

/** 5.1's date rules for the filter; null when the range is fine. */
export const checkActivityDates = (from: string, to: string, today: string): string | null => checkDateRange(from, to, today);

/** An action type as words: "EMPLOYEES_TERMINATED" -> "Employees terminated". */
export function actionLabel(actionType: string): string {
  const words = actionType.toLowerCase().replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

export const ACTIVITY_TRAIL_COLUMNS = [
  { key: 'at', header: 'Time (IST)' },
  { key: 'actor', header: 'Actor' },
  { key: 'context', header: 'Context' },
  { key: 'action', header: 'Action' },
  { key: 'target', header: 'Target' },
] as const;

export const contextText = (row: Pick<ActivityTrailRow, 'context'>): string =>
  row.context.kind === 'VENDOR' ? `Vendor: ${row.context.name}` : row.context.name;
export const actorText = (row: Pick<ActivityTrailRow, 'actor'>): string => `${row.actor.name} (${row.actor.email})`;

/** One row of the download, every text formula-safe (security.md Exports). */
export function activityExportRow(row: ActivityTrailRow): string[] {
  return [formatDateTimeIst(row.at), actorText(row), contextText(row), row.action, row.target].map(spreadsheetSafeText);
}

const TARGET_LABELS: Record<string, string> = { ADMIN: 'Admin', WORKER: 'Worker', DOCUMENT: 'Document', PAYROLL: 'Payroll' };

/** What an action was taken on, in words, from the activity row's target type and details. */
export function activityTargetText(targetType: string | null, details: Record<string, unknown> | null | undefined): string {
  const d = details ?? {};
  const label = targetType ? (TARGET_LABELS[targetType] ?? actionLabel(targetType)) : '';
  const text = (k: string) => (typeof d[k] === 'string' && d[k] !== '' ? (d[k]) : null);
  let what: string | null = null;
  if (typeof d.count === 'number') what = `${d.count} ${d.count === 1 ? 'record' : 'records'}`;
  else if (text('fileName')) what = text('docType') ? `${text('fileName')} (${actionLabel(text('docType')!)})` : text('fileName');
  else if (text('name')) what = text('employerEmployeeId') ? `${text('name')} (${text('employerEmployeeId')})` : text('name');
  else if (text('month')) what = text('month');
  if (!label) return what ?? '';
  return what ? `${label}: ${what}` : label;
}
