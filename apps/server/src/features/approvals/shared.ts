/**
 * What the approvals use cases share (decision 0029): their deps (with the worker side, whose
 * availability the pending advances show), the search pattern and the approval config's refusal.
 */
import { APPROVAL_DISABLED_CODE } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { createWorkerSide, type WorkerSide } from '../worker-side/index.js';

export type { Scope };

/** The approvals use cases' deps: the app's, and the worker side that computes what a worker can withdraw now. */
export interface ApprovalDeps extends Deps {
  workerSide: WorkerSide;
}

export const approvalDeps = (deps: Deps): ApprovalDeps => ({ ...deps, workerSide: createWorkerSide(deps) });

/** LIKE pattern for "contains", with the pattern characters of the input escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Spec 6: "The pending-approval screen needs the approval config"; the server refuses the same way. */
export async function requireApprovalEnabled(deps: Pick<Deps, 'db'>, ctx: Scope): Promise<void> {
  const { db } = deps;
  const employer = await db.selectFrom('employers').select('config').where('id', '=', ctx.admin.employer_id).executeTakeFirst();
  if (!employer?.config.isEmployeeApprovalEnabled) throw new AppError(APPROVAL_DISABLED_CODE);
}
