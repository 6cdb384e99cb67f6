/**
 * One owner per state machine (issue 23). The payroll lifecycle (features/payroll/lifecycle.ts),
 * the upload audit (features/documents/upload-status.ts) and the advance lifecycle
 * (features/worker-side/advance-lifecycle.ts) make exactly the moves of their domain table
 * (PAYROLL_MOVES, UPLOAD_MOVES, TRANSACTION_MOVES) and refuse every other, leaving the row as it
 * was; payouts move only by features/payouts/status.ts (forward only, decision 0015). No other
 * server file writes any of the four status columns. `workers` has one owner too:
 * features/employees/workers-store.ts makes every insert and update of the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_MOVES, PAYROLL_STATUSES, TRANSACTION_MOVES, TRANSACTION_STATUSES, UPLOAD_MOVES, UPLOAD_STARTS, UPLOAD_STATUSES, type PayrollStatus, type TransactionStatus, type UploadStatus } from '@portal/domain';
import { ForbiddenPayrollMove, movePayroll, startPayroll } from '../src/features/payroll/lifecycle.js';
import { ForbiddenUploadMove, moveUpload, startUpload } from '../src/features/documents/upload-status.js';
import { ForbiddenAdvanceMove, moveAdvance, startAdvance } from '../src/features/worker-side/advance-lifecycle.js';
import { insertWorker } from './workers-fixtures.js';
import { createEmployer, createTestEnv, type TestEnv } from './harness.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

/** A payroll row of a new employer, set to `status` (as the product would have moved it there). */
async function payrollAt(status: PayrollStatus): Promise<string> {
  const db = env.deps.db;
  const { employer, owner } = await createEmployer(env);
  const file = await db
    .insertInto('stored_files')
    .values({ employer_id: employer.id, vendor_id: null, admin_id: owner.id, document_type: 'PAYROLL_UPLOAD', file_name: 'p.xlsx', mime_type: 'application/octet-stream', size_bytes: 1, content: env.deps.protector.sealBytes(Buffer.from('x')) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const upload = await db
    .insertInto('document_uploads')
    .values({ employer_id: employer.id, vendor_id: null, admin_id: owner.id, doc_type: 'PAYROLL_UPLOAD', status: 'PROCESSED', file_name: 'p.xlsx', original_file_id: file.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = await startPayroll(db, { employer_id: employer.id, vendor_id: null, month: '2026-10-01', kind: 'PAYROLL_UPLOAD', upload_id: upload.id, original_file_id: file.id, admin_id: owner.id });
  // Test set-up only: put the row where the case needs it.
  if (status !== 'UPLOADED') await db.updateTable('payrolls').set({ status }).where('id', '=', id).execute();
  return id;
}
const statusOf = async (id: string) => (await env.deps.db.selectFrom('payrolls').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('the payroll lifecycle', () => {
  it('makes every move of PAYROLL_MOVES, and only from the status it names', async () => {
    for (const from of PAYROLL_STATUSES) {
      for (const to of PAYROLL_MOVES[from]) {
        const id = await payrollAt(from);
        expect(await movePayroll(env.deps.db, id, from, to), `${from} -> ${to}`).toBe(1);
        expect(await statusOf(id)).toBe(to);
        // Moved already: the same move again finds nothing in `from`.
        expect(await movePayroll(env.deps.db, id, from, to)).toBe(0);
      }
    }
  });

  it('refuses every move outside PAYROLL_MOVES and leaves the payroll as it was', async () => {
    let refused = 0;
    for (const from of PAYROLL_STATUSES) {
      const id = await payrollAt(from);
      for (const to of PAYROLL_STATUSES) {
        if (PAYROLL_MOVES[from].includes(to)) continue;
        await expect(movePayroll(env.deps.db, id, from, to), `${from} -> ${to}`).rejects.toBeInstanceOf(ForbiddenPayrollMove);
        expect(await statusOf(id)).toBe(from);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(90); // 11 x 11 pairs less the table's moves
  });

  it('refuses a list of sources when any of them may not move there', async () => {
    const id = await payrollAt('PROCESSED');
    await expect(movePayroll(env.deps.db, id, ['PROCESSED', 'PAYROLL_FROZEN'], 'CANCELLED')).rejects.toBeInstanceOf(ForbiddenPayrollMove);
    expect(await statusOf(id)).toBe('PROCESSED');
  });
});

// ---- one writer per status column ----

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? sources(path.join(dir, d.name)) : d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path.join(dir, d.name)] : []));

/**
 * Whether `text` writes `table`'s `status`: a Kysely update or insert of the table whose object
 * names `status`, or SQL that updates the table with `status =` in its set list (before any
 * `from`, `where` or `returning`: a condition on the status is not a write) or inserts into it
 * naming `status`.
 */
function writesStatus(table: string, text: string): boolean {
  const builder = new RegExp(`(?:updateTable|insertInto)\\(\\s*'${table}(?: as \\w+)?'\\s*\\)[^;]*?\\.(?:set|values)\\([^;]*?\\bstatus\\s*[:,}]`, 's');
  const raw = new RegExp(`(?:update\\s+${table}\\b(?:\\s+\\w+)?\\s+set\\b(?:(?!\\b(?:from|where|returning)\\b)[^;\`])*?\\bstatus\\s*=|insert\\s+into\\s+${table}\\s*\\([^)]*\\bstatus\\b)`, 'is');
  return builder.test(text) || raw.test(text);
}
const writersOf = (table: string): string[] =>
  sources(SRC)
    .filter((f) => writesStatus(table, fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(SRC, f))
    .sort();

/**
 * Whether `text` writes `table` at all: a Kysely insert, update or delete of it, or SQL that
 * inserts into, updates, deletes from, merges into or truncates it.
 */
function writesTable(table: string, text: string): boolean {
  const builder = new RegExp(`\\b(?:updateTable|insertInto|deleteFrom|mergeInto|replaceInto)\\(\\s*'${table}(?: as \\w+)?'\\s*\\)`);
  const raw = new RegExp(`\\b(?:update|insert\\s+into|delete\\s+from|merge\\s+into|truncate(?:\\s+table)?)\\s+(?:only\\s+)?${table}\\b(?!['.])`, 'i');
  return builder.test(text) || raw.test(text);
}
const tableWritersOf = (table: string): string[] =>
  sources(SRC)
    .filter((f) => writesTable(table, fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(SRC, f))
    .sort();

describe('one writer of workers', () => {
  it('every insert and update of workers is in features/employees/workers-store.ts', () => {
    expect(tableWritersOf('workers')).toEqual(['features/employees/workers-store.ts']);
  });

  it('the guard sees the ways a file could write workers, and not a read', () => {
    for (const writer of [
      "db.updateTable('workers').set({ full_name: 'x' })",
      "trx.insertInto('workers').values(row)",
      "db.deleteFrom('workers as w')",
      'sql`update workers w set mobile = null`',
      'sql`insert into workers (employer_id) select 1`',
      'sql`delete from workers where id = $1`',
    ])
      expect(writesTable('workers', writer), writer).toBe(true);
    for (const reader of ["db.selectFrom('workers').selectAll()", 'sql`select 1 from workers w join sheet_rows r on true`', 'sql`update payrolls p set status = 1 from workers w`'])
      expect(writesTable('workers', reader), reader).toBe(false);
  });
});

describe('the guard of a status column', () => {
  it('sees a write of the status, and not a condition on it nor a write of another column', () => {
    for (const writer of [
      "db.updateTable('payouts').set({ status: 'PENDING' })",
      "trx.updateTable('payouts as p').set({ ...alongside, status })",
      "db.insertInto('payouts').values({ amount: 1, status: 'INITIATED' })",
      'sql`update payouts p set utr = null, status = v.status from v where p.id = v.id`',
      'sql`insert into payouts (payroll_id, status) select 1, 2`',
    ])
      expect(writesStatus('payouts', writer), writer).toBe(true);
    for (const other of [
      "db.updateTable('payouts').set({ sent_at: now }).where('status', '=', 'INITIATED')",
      "sql`update payouts set sent_at = now() where id = any(${'$'}{ids}) and status = 'INITIATED'`",
      "sql`update payouts set updated_at = now() where id in (select id from payouts where status = 'PENDING')`",
      'sql`insert into payouts (payroll_id, amount) select 1, 2`',
      "db.updateTable('payroll_entries').set({ status: 'FAILED' })",
    ])
      expect(writesStatus('payouts', other), other).toBe(false);
  });
});

describe('the upload audit', () => {
  /** An upload of a new employer in `status`. */
  async function uploadAt(status: UploadStatus): Promise<string> {
    const db = env.deps.db;
    const { employer, owner } = await createEmployer(env);
    const file = await db
      .insertInto('stored_files')
      .values({ employer_id: employer.id, vendor_id: null, admin_id: owner.id, document_type: 'LEAVES_SHEET', file_name: 'l.xlsx', mime_type: 'application/octet-stream', size_bytes: 1, content: env.deps.protector.sealBytes(Buffer.from('x')) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const values = { employer_id: employer.id, vendor_id: null, admin_id: owner.id, doc_type: 'LEAVE_UPLOAD' as const, file_name: 'l.xlsx', original_file_id: file.id };
    if (UPLOAD_STARTS.includes(status)) return startUpload(db, values, status);
    const id = await startUpload(db, values, 'PROCESSING');
    await moveUpload(db, id, 'PROCESSING', status);
    return id;
  }
  const uploadStatusOf = async (id: string) => (await env.deps.db.selectFrom('document_uploads').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('begins only in UPLOAD_STARTS', async () => {
    for (const status of UPLOAD_STATUSES) {
      if (UPLOAD_STARTS.includes(status)) expect(await uploadStatusOf(await uploadAt(status))).toBe(status);
      else await expect(startUpload(env.deps.db, {} as never, status), status).rejects.toBeInstanceOf(ForbiddenUploadMove);
    }
  });

  it('makes every move of UPLOAD_MOVES once, and refuses every other, leaving the upload as it was', async () => {
    let refused = 0;
    for (const from of UPLOAD_STATUSES) {
      for (const to of UPLOAD_STATUSES) {
        const id = await uploadAt(from);
        if (UPLOAD_MOVES[from].includes(to)) {
          expect((await moveUpload(env.deps.db, id, from, to, { failure_reason: 'r' }))?.status, `${from} -> ${to}`).toBe(to);
          expect(await moveUpload(env.deps.db, id, from, to)).toBeNull();
          expect(await uploadStatusOf(id)).toBe(to);
        } else {
          await expect(moveUpload(env.deps.db, id, from, to), `${from} -> ${to}`).rejects.toBeInstanceOf(ForbiddenUploadMove);
          expect(await uploadStatusOf(id)).toBe(from);
          refused += 1;
        }
      }
    }
    expect(refused).toBe(7); // 3 x 3 pairs less PROCESSING -> PROCESSED | FAILED
  });
});

describe('the advance lifecycle', () => {
  let worker: { id: string; employer_id: string };
  beforeAll(async () => {
    const { employer } = await createEmployer(env);
    worker = await insertWorker(env, { employer_id: employer.id });
  });
  /** An advance in `status` (set up as the product would have moved it there), with no history but its start. */
  async function advanceAt(status: TransactionStatus): Promise<string> {
    const db = env.deps.db;
    const id = await startAdvance(db, { employer_id: worker.employer_id, vendor_id: null, worker_id: worker.id, amount: 100_000, worker_snapshot: JSON.stringify({}) }, new Date());
    // Test set-up only: put the row where the case needs it.
    if (status !== 'USER_REQUESTED') await db.updateTable('transactions').set({ status }).where('id', '=', id).execute();
    return id;
  }
  const advanceOf = async (id: string) => ({
    status: (await env.deps.db.selectFrom('transactions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    events: (await env.deps.db.selectFrom('transaction_events').select('status').where('transaction_id', '=', id).orderBy('id').execute()).map((e) => e.status),
  });

  it('begins USER_REQUESTED with its event', async () => {
    expect(await advanceOf(await advanceAt('USER_REQUESTED'))).toEqual({ status: 'USER_REQUESTED', events: ['USER_REQUESTED'] });
  });

  it('makes every move of TRANSACTION_MOVES once, with its event, and refuses every other, leaving the advance as it was', async () => {
    let refused = 0;
    for (const from of TRANSACTION_STATUSES) {
      const still = await advanceAt(from);
      for (const to of TRANSACTION_STATUSES) {
        if (TRANSACTION_MOVES[from].includes(to)) {
          const id = await advanceAt(from);
          expect(await moveAdvance(env.deps.db, id, from, to, new Date()), `${from} -> ${to}`).toBe(true);
          expect(await moveAdvance(env.deps.db, id, from, to, new Date())).toBe(false);
          expect(await advanceOf(id)).toEqual({ status: to, events: ['USER_REQUESTED', to] });
        } else {
          await expect(moveAdvance(env.deps.db, still, from, to, new Date()), `${from} -> ${to}`).rejects.toBeInstanceOf(ForbiddenAdvanceMove);
          refused += 1;
        }
      }
      expect(await advanceOf(still)).toEqual({ status: from, events: ['USER_REQUESTED'] });
    }
    expect(refused).toBeGreaterThan(100); // 11 x 11 pairs less the table's moves
  });
});

describe('one writer per status column', () => {
  it('payrolls.status: only features/payroll/lifecycle.ts', () => {
    expect(writersOf('payrolls')).toEqual(['features/payroll/lifecycle.ts']);
  });

  it('document_uploads.status (the upload audit): only features/documents/upload-status.ts', () => {
    expect(writersOf('document_uploads')).toEqual(['features/documents/upload-status.ts']);
  });
  it('payouts.status: only features/payouts/status.ts (applyBankUpdates, forward only)', () => {
    expect(writersOf('payouts')).toEqual(['features/payouts/status.ts']);
  });
  it('a payout is born INITIATED by the column default: its inserts name no status', async () => {
    const col = await sql<{ column_default: string | null }>`select column_default from information_schema.columns where table_name = 'payouts' and column_name = 'status'`.execute(env.deps.db);
    expect(col.rows[0]?.column_default).toMatch(/^'INITIATED'/);
    const inserters = tableWritersOf('payouts').filter((f) => /\binsert\s+into\s+payouts\b|insertInto\(\s*'payouts'/i.test(fs.readFileSync(path.join(SRC, f), 'utf8')));
    expect(inserters).toEqual(['features/payouts/new-payouts.ts']);
    expect(writersOf('payouts')).not.toContain('features/payouts/new-payouts.ts');
  });
  it('transactions.status (the advance): only features/worker-side/advance-lifecycle.ts', () => {
    expect(writersOf('transactions')).toEqual(['features/worker-side/advance-lifecycle.ts']);
  });
});
