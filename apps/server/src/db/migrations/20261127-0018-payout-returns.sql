-- Issue 20 item 1 (decision 0015): the amount of a payout that failed, was cancelled or was
-- reversed comes back to the employer's balance as its own CREDIT, exactly once per payout
-- (bank_reference 'payout-return:' || payout id, unique like every CREDIT's), naming the payout
-- (payout_id; payroll_id stays the debits' link).
-- A re-run debits again only what it sends: one DEBIT per (payroll, run), execute = run 1.
alter table ledger_entries add column payout_id uuid references payouts(id);
alter table ledger_entries add column run integer;
update ledger_entries set run = 1 where kind = 'DEBIT';
alter table ledger_entries add constraint ledger_entries_debit_run check (kind <> 'DEBIT' or run >= 1);
drop index ledger_entries_one_debit_per_payroll;
create unique index ledger_entries_one_debit_per_payroll_run on ledger_entries (payroll_id, run) where kind = 'DEBIT';

-- Payouts that already ended unpaid before this migration get their return now: only an entry's
-- current payout. Before it, a re-run sent attempt n+1 on the first debit, so an earlier attempt
-- that failed was paid again from that debit and must not come back too.
insert into ledger_entries (employer_id, kind, amount, reason, payout_id, bank_reference)
select r.employer_id, 'CREDIT', o.amount,
  'Returned: payout to ' || e.name || ' (Employee ID ' || e.employer_employee_code || '), attempt ' || o.attempt || ', '
    || case o.status when 'REVERSED' then 'reversed by the bank on ' || to_char(o.updated_at at time zone 'Asia/Kolkata', 'DD Mon YYYY')
                     else coalesce(o.failure_reason, lower(o.status)) end,
  o.id, 'payout-return:' || o.id
from payouts o
join payroll_entries e on e.id = o.entry_id
join payrolls r on r.id = o.payroll_id
where o.status in ('FAILED', 'CANCELLED', 'REVERSED') and e.request_id = o.id::text
on conflict (bank_reference) where kind = 'CREDIT' do nothing;

-- A payroll's returns are read by payout (payroll-details' returned figure, the payout report).
create index ledger_entries_payout on ledger_entries (payout_id) where payout_id is not null;
