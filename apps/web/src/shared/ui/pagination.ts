/**
 * Page arithmetic for the paginator (spec 2.19, 9): page counts, the jump box and the "Showing: a - b
 * of total" label (Mantine's Pagination draws the page buttons). Pure, so it is unit-tested apart
 * from the component.
 */
import { isValidJumpPage } from '@portal/domain';

/** Number of pages for `total` rows at `pageSize` per page (0 when there are no rows). */
export function pageCountOf(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/** Keeps a page inside 1..pageCount (1 when there are no pages). */
export const clampPage = (page: number, pageCount: number): number =>
  Math.min(Math.max(1, Math.trunc(Number.isFinite(page) ? page : 1)), Math.max(1, pageCount));

/** First and last row numbers (1-based) shown on `page`, 0 - 0 when there are no rows. */
export function shownRows(page: number, pageSize: number, total: number): { from: number; to: number; total: number } {
  const count = pageCountOf(total, pageSize);
  if (count === 0) return { from: 0, to: 0, total: Math.max(0, total || 0) };
  const current = clampPage(page, count);
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, current * pageSize), total };
}

/** "Showing: a - b of total" (spec 2.5). */
export function showingLabel(page: number, pageSize: number, total: number): string {
  const { from, to, total: all } = shownRows(page, pageSize, total);
  return `Showing: ${from} - ${to} of ${all}`;
}

/** The page typed in the jump-to box, or null when it is not a whole page from 1 to pageCount (spec 5.1). */
export function parseJumpPage(input: string, pageCount: number): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  return pageCount >= 1 && isValidJumpPage(page, pageCount) ? page : null;
}
