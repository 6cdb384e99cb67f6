/** The bulk selection rules of the employees list (spec 2.5). Pure. */
import type { EmploymentStatus } from '@portal/domain';

interface Selected {
  employmentStatus: EmploymentStatus;
}

/** Activate is offered only when something is selected and every selected employee is inactive. */
export const canActivate = (selected: readonly Selected[]): boolean =>
  selected.length > 0 && selected.every((e) => e.employmentStatus === 'INACTIVE');

/** Terminate is disabled when nothing is selected or any selected employee is inactive. */
export const canTerminate = (selected: readonly Selected[]): boolean =>
  selected.length > 0 && !selected.some((e) => e.employmentStatus === 'INACTIVE');

/**
 * The selection after the table reports a new set of selected ids: records already held keep
 * theirs, newly selected ones come from the rows on screen (so a selection can span pages).
 */
export function nextSelection<T extends { _id: string }>(
  held: ReadonlyMap<string, T>,
  ids: ReadonlySet<string>,
  rowsOnScreen: readonly T[],
): Map<string, T> {
  const next = new Map<string, T>();
  for (const id of ids) {
    const record = held.get(id) ?? rowsOnScreen.find((r) => r._id === id);
    if (record) next.set(id, record);
  }
  return next;
}

/**
 * What the selection bar says (issue 24, item 7): how many are selected and, when some are not on
 * this page (a selection is kept across pages, so one bulk action can cover several), how many of
 * them are on other pages, so that no one terminates rows they cannot see without being told.
 */
export function selectionSummary(selectedIds: Iterable<string>, rowsOnScreen: readonly { _id: string }[]): string {
  const onScreen = new Set(rowsOnScreen.map((r) => r._id));
  let total = 0;
  let elsewhere = 0;
  for (const id of selectedIds) {
    total += 1;
    if (!onScreen.has(id)) elsewhere += 1;
  }
  if (total === 0) return 'Select employees to activate or terminate them.';
  if (elsewhere === 0) return `${total} selected`;
  if (elsewhere === total) return `${total} selected, all on other pages`;
  return `${total} selected, ${elsewhere} of them on other pages`;
}
