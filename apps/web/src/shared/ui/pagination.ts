/**
 * Page arithmetic for the paginator (spec 2.19, 9): which page buttons to show, with gaps, and the
 * "Showing: a - b of total" label. Pure, so it is unit-tested apart from the component.
 */
import { PAGINATION_NEIGHBOURS, PAGINATION_TERMINAL_PAGES, isValidJumpPage } from '@portal/domain';

/** A page number, or a gap standing for the pages left out before or after the current one. */
export type PageItem = number | 'start-gap' | 'end-gap';

const range = (from: number, to: number): number[] => (to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** Number of pages for `total` rows at `pageSize` per page (0 when there are no rows). */
export function pageCountOf(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/** Keeps a page inside 1..pageCount (1 when there are no pages). */
export const clampPage = (page: number, pageCount: number): number =>
  Math.min(Math.max(1, Math.trunc(Number.isFinite(page) ? page : 1)), Math.max(1, pageCount));

/**
 * The items of a paginator: `terminal` pages at each end, `neighbours` pages either side of the
 * current one, and a gap wherever pages are left out. A gap always stands for two or more pages (a
 * single left-out page is shown instead), so the list keeps the same length while the current page
 * moves, and the buttons do not jump about under the pointer.
 */
export function pageItems(
  page: number,
  pageCount: number,
  neighbours: number = PAGINATION_NEIGHBOURS,
  terminal: number = PAGINATION_TERMINAL_PAGES,
): PageItem[] {
  if (pageCount <= 0) return [];
  const current = clampPage(page, pageCount);
  const t = Math.max(1, Math.trunc(terminal));
  const n = Math.max(0, Math.trunc(neighbours));
  // terminal pages at both ends, the current page with its neighbours, and two gaps
  if (pageCount <= 2 * t + 2 * n + 3) return range(1, pageCount);

  const startPages = range(1, t);
  const endPages = range(pageCount - t + 1, pageCount);
  const windowStart = Math.max(Math.min(current - n, pageCount - t - 2 * n - 1), t + 2);
  const windowEnd = Math.min(Math.max(current + n, t + 2 * n + 2), pageCount - t - 1);

  return [
    ...startPages,
    ...(windowStart > t + 2 ? (['start-gap'] as const) : [t + 1]),
    ...range(windowStart, windowEnd),
    ...(windowEnd < pageCount - t - 1 ? (['end-gap'] as const) : [pageCount - t]),
    ...endPages,
  ];
}

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
