import { PAYROLL_MSG, type ExecutePayrollResult, type MonthYearValue } from '@portal/domain';
import { notFound } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import { currentPayroll } from '../../payroll/index.js';
import type { PayoutDeps, Scope } from '../shared.js';
import { execute } from './execute.js';

/**
 * PUT streaming-account/execute-payroll (decision 0022): the month's current payroll of the
 * caller's context, when it is a PAYROLL_STREAMING_ACCOUNT one, executed from the streaming
 * account `streamingAccountId` by `execute` (the same lock, checks and exactly-once).
 * An account that is not the caller's employer's is not found; so is a month without such a payroll.
 */
export async function executeStreaming(deps: Pick<PayoutDeps, 'db' | 'now' | 'queue'>, ctx: Scope, streamingAccountId: string, month: MonthYearValue): Promise<ExecutePayrollResult> {
  const { db } = deps;
  const account = isUuid(streamingAccountId)
    ? await db.selectFrom('employer_accounts').select('id').where('id', '=', streamingAccountId).where('employer_id', '=', ctx.admin.employer_id).executeTakeFirst()
    : undefined;
  if (!account) throw notFound(PAYROLL_MSG.streamingAccountNotFound);
  const p = await currentPayroll(db, ctx, month);
  if (!p || p.kind !== 'PAYROLL_STREAMING_ACCOUNT') throw notFound(PAYROLL_MSG.noData);
  return execute(deps, ctx, p.id, 'PAYROLL_STREAMING_ACCOUNT');
}
