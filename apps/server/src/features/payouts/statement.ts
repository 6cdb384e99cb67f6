/**
 * The employer's account statement (issue 20 item 1, decision 0015): the ledger's lines, newest
 * first, each with the balance after it, and the totals over the whole ledger, read in one
 * statement so credits - debits is the balance it shows. Employer context only: a vendor context
 * is answered 404 until vendor visibility of the account is decided (issue 20 item 5).
 */
import { sql, type Kysely } from 'kysely';
import { ACCOUNT_STATEMENT_LIMIT, type AccountStatement } from '@portal/domain';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';

interface Row {
  id: string | null;
  created_at: Date | null;
  kind: 'CREDIT' | 'DEBIT' | null;
  what: 'RECHARGE' | 'PAYROLL' | 'RETURN' | null;
  amount: string | number | null;
  reason: string | null;
  balance_after: string | number | null;
  credits: string | number;
  debits: string | number;
  returned: string | number;
  total: number;
}

export async function accountStatement(db: Kysely<DB>, ctx: Scope): Promise<AccountStatement> {
  if (ctx.vendorId !== null) throw notFound('Not found');
  const employerId = ctx.admin.employer_id;
  const { rows } = await sql<Row>`
    with l as (
      select id, created_at, kind, amount, reason,
        case when kind = 'DEBIT' then 'PAYROLL' when payout_id is not null then 'RETURN' else 'RECHARGE' end as what,
        sum(case when kind = 'CREDIT' then amount else -amount end) over (order by created_at, id rows unbounded preceding) as balance_after
      from ledger_entries where employer_id = ${employerId}
    ),
    t as (
      select coalesce(sum(amount) filter (where kind = 'CREDIT'), 0)::bigint as credits,
        coalesce(sum(amount) filter (where kind = 'DEBIT'), 0)::bigint as debits,
        coalesce(sum(amount) filter (where what = 'RETURN'), 0)::bigint as returned,
        count(*)::int as total
      from l
    ),
    page as (select * from l order by created_at desc, id desc limit ${ACCOUNT_STATEMENT_LIMIT})
    select page.id, page.created_at, page.kind, page.what, page.amount, page.reason, page.balance_after, t.credits, t.debits, t.returned, t.total
    from t left join page on true
    order by page.created_at desc, page.id desc`.execute(db);
  const t = rows[0]!;
  const credits = Number(t.credits);
  const debits = Number(t.debits);
  return {
    accountBalance: credits - debits,
    credits,
    debits,
    returned: Number(t.returned),
    totalLines: t.total,
    lines: rows
      .filter((r) => r.id !== null)
      .map((r) => ({ id: r.id!, at: r.created_at!.toISOString(), kind: r.kind!, what: r.what!, amount: Number(r.amount), reason: r.reason!, balanceAfter: Number(r.balance_after) })),
  };
}
