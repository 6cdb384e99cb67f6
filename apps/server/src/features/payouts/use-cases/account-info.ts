import { hasAccess, resourceFor, type ResourceMap, type StreamAccountInfo } from '@portal/domain';
import { inScope } from '../../../platform/scope.js';
import { accountOf, balanceOf } from '../account.js';
import type { PayoutDeps, Scope } from '../shared.js';

/** GET stream-account-info: the employer's streaming account (its id, balance, virtual account and recharge page). */
export async function accountInfo(deps: Pick<PayoutDeps, 'db' | 'bank'>, ctx: Scope & { resources: ResourceMap }): Promise<StreamAccountInfo> {
  const { db } = deps;
  const account = await accountOf(db, ctx.admin.employer_id);
  const balance = await balanceOf(db, ctx.admin.employer_id);
  // Decision 0034: whether the balance covers the context's payroll waiting to be executed (its newest PROCESSED or PAYROLL_FROZEN one).
  const waiting = await db
    .selectFrom('payrolls as p')
    .select('p.total_salary')
    .where(inScope(ctx, 'p'))
    .where('p.status', 'in', ['PROCESSED', 'PAYROLL_FROZEN'])
    .orderBy('p.month', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const covers = waiting ? balance >= Number(waiting.total_salary) : null;
  // A vendor context sees no figure of the employer's account; the recharge link only with WRITE on payroll.
  const vendor = ctx.vendorId !== null;
  const canWrite = hasAccess(ctx.resources, resourceFor('PAYROLL', vendor), 'WRITE');
  return {
    streamingAccountId: account.id,
    accountBalance: vendor ? null : balance,
    covers,
    rechargeLink: !vendor && canWrite ? deps.bank.api.rechargeLink(account.virtualAccount) : null,
    virtualAccount: vendor ? null : account.virtualAccount,
  };
}
