/**
 * What a bulk Activate or Terminate ended in (spec 4.6, 8): success, full failure ("Termination
 * Failed" / "Activation Failed" with the message) or partial ("Only N employes(s) got terminated
 * out of M", with the failed names and reasons). Pure.
 */
import { EMPLOYEE_MSG } from '@portal/domain';

export type BulkAction = 'terminate' | 'activate';

export interface BulkResultItem {
  employeeId: string;
  status: 'SUCCESS' | 'FAILED';
  reason?: string;
}

export interface BulkTarget {
  _id: string;
  employerEmployeeId: string;
  fullName: string;
}

export interface BulkFailure {
  name: string;
  reason: string;
}

export type BulkOutcome =
  | { kind: 'success'; message: string }
  | { kind: 'failure'; title: string; message: string; failures: BulkFailure[] }
  | { kind: 'partial'; message: string; failures: BulkFailure[] };

const FALLBACK_REASON = 'Something Went Wrong!';

export const failureTitle = (action: BulkAction): string =>
  action === 'terminate' ? EMPLOYEE_MSG.terminationFailed : EMPLOYEE_MSG.activationFailed;

export const successMessage = (action: BulkAction, count: number): string =>
  `${count} employee(s) ${action === 'terminate' ? 'terminated' : 'activated'} successfully`;

/** The name of a result's employee: the id may be the employee ID or the record id. */
function nameOf(targets: readonly BulkTarget[], employeeId: string): string {
  const t = targets.find((x) => x.employerEmployeeId === employeeId || x._id === employeeId);
  return t ? `${t.fullName} (${t.employerEmployeeId})` : employeeId;
}

export function bulkOutcome(action: BulkAction, targets: readonly BulkTarget[], results: readonly BulkResultItem[]): BulkOutcome {
  const total = targets.length;
  const failed = results.filter((r) => r.status !== 'SUCCESS');
  const failures = failed.map((r) => ({ name: nameOf(targets, r.employeeId), reason: r.reason?.trim() || FALLBACK_REASON }));
  // Targets the answer does not mention count as not done.
  const succeeded = results.filter((r) => r.status === 'SUCCESS').length;
  if (succeeded === total && failed.length === 0) return { kind: 'success', message: successMessage(action, total) };
  if (succeeded === 0) {
    const reasons = [...new Set(failures.map((f) => f.reason))];
    return { kind: 'failure', title: failureTitle(action), message: reasons.join('; ') || FALLBACK_REASON, failures };
  }
  const message = action === 'terminate' ? EMPLOYEE_MSG.partialTermination(succeeded, total) : EMPLOYEE_MSG.partialActivation(succeeded, total);
  return { kind: 'partial', message, failures };
}

/** A call that failed as a whole. */
export const bulkErrorOutcome = (action: BulkAction, message: string): BulkOutcome => ({
  kind: 'failure',
  title: failureTitle(action),
  message,
  failures: [],
});
