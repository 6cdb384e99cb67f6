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
