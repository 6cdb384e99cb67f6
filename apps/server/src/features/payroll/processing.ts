/**
 * The processing job of a payroll sheet (design doc "Processing a payroll sheet", decision 0014):
 * read the first sheet (streaming) and check every row, writing the entries with their salary,
 * deductions (naming what they repay), flags and status as the rows come, in one transaction; then
 * either PROCESSED with the totals, or, when any row is invalid, a rollback and
 * PAYROLL_PROCESSING_FAILED with a processed sheet (Status, Reason, offending cells highlighted).
 * Set-based: a handful of statements per 5,000 rows, never one per row.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  DISBURSAL_STATUSES,
  MAX_SHEET_ROWS,
  PAYROLL_FLAGS,
  PAYROLL_MSG,
  PAYROLL_ROW_MSG,
  PAYROLL_SHEET_COLUMNS,
  PROCESSED_REASON_HEADER,
  PROCESSED_STATUS_HEADER,
  SHEET_MSG,
  STORED_TYPES_OF,
  UPLOAD_MSG,
  cellText,
  matchHeader,
  monthOfDate,
  netSalary,
  orderDeductions,
  parsePayrollRow,
  payrollFlags,
  salaryForPaidDays,
  SKIP_REASONS,
  skipReasonOf,
  sumAmounts,
  addMonths,
  businessDayStart,
  firstDayOf,
  lastDayOf,
  type CellValue,
  type DeductionItem,
  type PayrollFlag,
  type PayrollSheetKey,
  type PayrollSheetRow,
} from '@portal/domain';
import type { DB, DocumentUploadRecord, PayrollRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { unnest } from '../../platform/sql.js';
import { openSheet } from '../../platform/uploads/sheet-reader.js';
import { writeXlsx } from '../../platform/uploads/xlsx-writer.js';

/** Rows per slice (and per statement). */
const CHUNK = 5_000;

export const PAYROLL_PROCESS_MSG = {
  unreadable: UPLOAD_MSG.corrupt,
  failed: 'The payroll sheet could not be processed. Please check it against the sample file and upload it again.',
} as const;
/** The processed sheet's Status values. */
export const PAYROLL_ROW_STATUS = { failed: 'FAILED', valid: 'VALID', finalized: 'FINALIZED', skipped: 'SKIPPED' } as const;

class SheetRefusal extends Error {}

const isBlankRow = (cells: readonly CellValue[]) => cells.every((c) => cellText(c) === '');

interface RowMark {
  status: string;
  reason: string;
  columns: readonly PayrollSheetKey[];
}

/**
 * The processed sheet, written while the uploaded sheet is read a second time: the original
 * columns, then Status and Reason, offending cells filled red. Nothing of the sheet is held in
 * memory meanwhile but the row being written (the writer compresses as it goes).
 */
async function processedSheet(content: Buffer, width: number, index: Partial<Record<PayrollSheetKey, number>>, markOf: (n: number) => RowMark): Promise<Buffer> {
  const sheet = await openSheet(content);
  const display = (v: CellValue | undefined): string | number | null => (v === null || v === undefined ? null : typeof v === 'number' ? v : cellText(v));
  let header: CellValue[] | null = null;
  const rows = sheet.rows;
  // The header is the first non-blank row, as in the first reading.
  const iterator = rows[Symbol.asyncIterator]();
  for (let r = await iterator.next(); !r.done; r = await iterator.next()) {
    if (!isBlankRow(r.value.cells)) {
      header = r.value.cells;
      break;
    }
  }
  async function* dataRows() {
    let n = 0;
    for (let r = await iterator.next(); !r.done; r = await iterator.next()) {
      if (isBlankRow(r.value.cells)) continue;
      const m = markOf(n++);
      const cells: (string | number | null)[] = Array.from({ length: width }, (_, i) => display(r.value.cells[i]));
      cells.push(m.status, m.reason);
      yield { cells, highlight: new Set(m.columns.map((k) => index[k]).filter((i): i is number => i !== undefined)) };
    }
  }
  return writeXlsx({
    name: 'Payroll',
    header: [...Array.from({ length: width }, (_, i) => cellText(header?.[i] ?? null)), PROCESSED_STATUS_HEADER, PROCESSED_REASON_HEADER],
    rows: dataRows(),
  });
}

/**
 * UUIDv7 (RFC 9562): a millisecond timestamp, then a counter, then random bits. Time-ordered ids
 * make 50,000 primary-key inserts land at the end of the index instead of all over it.
 */
class TimeOrderedIds {
  private ms = 0;
  private seq = 0;
  next(): string {
    const now = Date.now();
    if (now > this.ms) {
      this.ms = now;
      this.seq = 0;
    } else if (++this.seq > 0xfff) {
      this.ms += 1;
      this.seq = 0;
    }
    const b = Buffer.alloc(16);
    b.writeUIntBE(this.ms, 0, 6);
    b.writeUInt16BE(0x7000 | this.seq, 6);
    randomBytes(8).copy(b, 8);
    b[8] = (b[8]! & 0x3f) | 0x80;
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

/** Thrown inside the transaction when a row is invalid: nothing written stays (all or nothing). */
class InvalidRows extends Error {}

interface WorkerFacts {
  id: string;
  employer_worker_id: string;
  employment_status: string;
  terminated_at: string | null;
}

/**
 * What each worker of the context repays from month M's salary: advances TRANSFERRED on or before
 * M's last day (their pending amount) and top-up EMIs DUE on or before it. One query per kind.
 */
async function deductionsOf(trx: Kysely<DB>, payroll: PayrollRecord) {
  const month = monthOfDate(payroll.month);
  const last = lastDayOf(month);
  const before = businessDayStart(firstDayOf(addMonths(month, 1)));
  const scope = (alias: string) => (payroll.vendor_id ? sql`${sql.ref(`${alias}.vendor_id`)} = ${payroll.vendor_id}::uuid` : sql`${sql.ref(`${alias}.vendor_id`)} is null`);
  const { rows: advances } = await sql<{ worker_id: string; id: string; amount: number; item_date: string }>`
    select t.worker_id, t.id, t.amount - t.repaid_amount as amount, (t.created_at at time zone 'Asia/Kolkata')::date as item_date
    from transactions t
    where t.employer_id = ${payroll.employer_id}::uuid and ${scope('t')} and t.status = 'TRANSFERRED' and t.amount > t.repaid_amount and t.created_at < ${before}
  `.execute(trx);
  const { rows: emis } = await sql<{ worker_id: string; id: string; amount: number; item_date: string }>`
    select a.worker_id, e.id, e.amount, e.due_date as item_date
    from topup_emis e join salary_topup_applications a on a.id = e.application_id
    where a.employer_id = ${payroll.employer_id}::uuid and ${scope('a')} and e.status = 'DUE' and e.due_date <= ${last}::date
  `.execute(trx);
  const byWorker = new Map<string, DeductionItem[]>();
  const add = (workerId: string, item: DeductionItem) => {
    const list = byWorker.get(workerId);
    if (list) list.push(item);
    else byWorker.set(workerId, [item]);
  };
  for (const a of advances) add(a.worker_id, { kind: 'ADVANCE', id: a.id, amount: Number(a.amount), date: a.item_date });
  for (const e of emis) add(e.worker_id, { kind: 'TOPUP_EMI', id: e.id, amount: Number(e.amount), date: e.item_date });
  for (const [k, list] of byWorker) byWorker.set(k, orderDeductions(list));
  return byWorker;
}

/** The workers' entries in the context's last executed payroll of an earlier month (for the flags). */
async function previousEntries(trx: Kysely<DB>, payroll: PayrollRecord) {
  const last = await trx
    .selectFrom('payrolls')
    .select('id')
    .where('employer_id', '=', payroll.employer_id)
    .where((eb) => (payroll.vendor_id ? eb('vendor_id', '=', payroll.vendor_id) : eb('vendor_id', 'is', null)))
    .where('status', 'in', DISBURSAL_STATUSES)
    .where('month', '<', payroll.month)
    .orderBy('month', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const byWorker = new Map<string, { net: number; accountNumber: string }>();
  if (!last) return byWorker;
  const rows = await trx.selectFrom('payroll_entries').select(['worker_id', 'amount_payable', 'account_number']).where('payroll_id', '=', last.id).execute();
  for (const r of rows) byWorker.set(r.worker_id, { net: r.amount_payable, accountNumber: r.account_number });
  return byWorker;
}


const ENTRY_COLUMNS = [
  ['id', 'uuid'],
  ['worker_id', 'uuid'],
  ['row_number', 'int4'],
  ['position', 'int4'],
  ['name', 'text'],
  ['employer_employee_code', 'text'],
  ['mobile', 'text'],
  ['monthly_salary', 'int8'],
  ['working_days', 'int4'],
  ['paid_days', 'numeric'],
  ['salary', 'int8'],
  ['deductions', 'int8'],
  ['amount_payable', 'int8'],
  ['account_number', 'text'],
  ['ifsc', 'text'],
  ['status', 'text'],
  ['skip_reason', 'text'],
  ['flags', 'text'],
] as const;
type EntryColumn = (typeof ENTRY_COLUMNS)[number][0];
type EntryValues = Record<EntryColumn, string | number | null>;

/** A parsed row waiting for its slice to be written. */
interface PendingRow {
  n: number;
  rowNumber: number;
  value: PayrollSheetRow | null;
}

const SKIP_CODES = [null, ...Object.values(SKIP_REASONS)] as const;

/**
 * The sheet as it is read and checked, and the entries written as it goes: the rows are read in
 * slices of CHUNK; each slice's workers are looked up on another pool connection and, while no
 * row so far is invalid, its entries and deductions are inserted on the transaction's connection
 * while the next slice is read (the database works while exceljs parses). Any invalid row stops
 * the writing and the caller rolls the transaction back. Per row, only what the processed sheet
 * and the checks need is kept (the Employee ID, the row number, the outcome, a failed row's
 * messages); a slice's parsed values are dropped once it is written.
 */
class PayrollRun {
  index: Partial<Record<PayrollSheetKey, number>> = {};
  /** the widest row, header included (the processed sheet's columns before Status and Reason) */
  width = 0;
  /** lower-cased Employee ID cell per row ('' when blank) */
  readonly codes: string[] = [];
  readonly rowNumbers: number[] = [];
  readonly firstRowOf = new Map<string, number>();
  /** a failed row's messages by column */
  readonly cellErrors = new Map<number, Map<PayrollSheetKey, string>>();
  readonly unknown = new Set<number>();
  readonly accountUses = new Map<string, number>();
  readonly workingDays = new Map<number, number>();
  /** per written row: 0 finalized, else the index of its skip reason in SKIP_CODES */
  readonly outcome: number[] = [];
  invalid = false;
  finalized = 0;
  totalSalary = 0;
  totalDeductions = 0;
  totalPayable = 0;
  readonly flagCounts = Object.fromEntries(PAYROLL_FLAGS.map((f) => [f, 0])) as Record<PayrollFlag, number>;
  private pending: PendingRow[] = [];
  private tail: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private readonly ids = new TimeOrderedIds();

  constructor(
    private readonly trx: Kysely<DB>,
    /** the pool, for the workers' lookups */
    private readonly reads: Kysely<DB>,
    private readonly payroll: PayrollRecord,
    /** what the workers repay and their last executed entries, read while the sheet starts being read */
    private readonly context: Promise<{ deductions: Map<string, DeductionItem[]>; previous: Map<string, { net: number; accountNumber: string }> }>,
  ) {}

  get rows(): number {
    return this.codes.length;
  }

  /** Reads the first sheet: the header, then every non-blank row, parsed; a slice is handed on every CHUNK rows. */
  async read(content: Buffer): Promise<void> {
    let sheet;
    try {
      sheet = await openSheet(content);
    } catch {
      throw new SheetRefusal(PAYROLL_PROCESS_MSG.unreadable);
    }
    const keys = PAYROLL_SHEET_COLUMNS.map((c) => c.key);
    let header = false;
    try {
      for await (const r of sheet.rows) {
        if (isBlankRow(r.cells)) continue;
        this.width = Math.max(this.width, r.cells.length);
        if (!header) {
          const match = matchHeader(r.cells, PAYROLL_SHEET_COLUMNS);
          if (!match.ok) throw new SheetRefusal(match.reason);
          this.index = match.index;
          header = true;
          continue;
        }
        const n = this.codes.length;
        if (n >= MAX_SHEET_ROWS) throw new SheetRefusal(SHEET_MSG.tooManyRows(MAX_SHEET_ROWS));
        const cells: Partial<Record<PayrollSheetKey, CellValue>> = {};
        for (const key of keys) {
          const i = this.index[key];
          cells[key] = i === undefined ? null : (r.cells[i] ?? null);
        }
        const result = parsePayrollRow(cells);
        const code = cellText(cells.employerEmployeeId ?? null).toLowerCase();
        this.codes.push(code);
        this.rowNumbers.push(r.rowNumber);
        if (result.ok) {
          const v = result.value;
          this.accountUses.set(v.accountNumber, (this.accountUses.get(v.accountNumber) ?? 0) + 1);
          this.workingDays.set(v.workingDays, (this.workingDays.get(v.workingDays) ?? 0) + 1);
        } else {
          this.invalid = true;
          this.cellErrors.set(n, new Map(Object.entries(result.errors) as [PayrollSheetKey, string][]));
        }
        if (code) {
          if (this.firstRowOf.has(code)) this.invalid = true;
          else this.firstRowOf.set(code, n);
        }
        // Once the run has failed, only the checks go on: no parsed value is kept.
        this.pending.push({ n, rowNumber: r.rowNumber, value: result.ok && !this.invalid ? result.value : null });
        if (this.pending.length >= CHUNK) this.hand();
      }
    } catch (err) {
      // No statement may run on the transaction's connection after the caller has rolled it back.
      this.invalid = true;
      await this.tail;
      if (err instanceof SheetRefusal) throw err;
      throw new SheetRefusal(PAYROLL_PROCESS_MSG.unreadable);
    }
    if (!header) throw new SheetRefusal(SHEET_MSG.noHeader(PAYROLL_SHEET_COLUMNS.map((c) => c.header).join(', ')));
    if (this.codes.length === 0) throw new SheetRefusal(SHEET_MSG.noRows);
    this.hand();
    await this.tail;
    if (this.failure) throw this.failure;
  }

  /**
   * Queues the rows read since the last slice: their workers are looked up at once on another
   * connection of the pool (a read that needs no transaction), while the previous slice is still
   * being written on the transaction's.
   */
  private hand(): void {
    const rows = this.pending;
    if (rows.length === 0) return;
    this.pending = [];
    const lookup = this.lookup(rows);
    lookup.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
    this.tail = this.tail.then(() => (this.failure ? undefined : this.slice(rows, lookup).catch((err: unknown) => void (this.failure = err))));
  }

  private async lookup(rows: readonly PendingRow[]): Promise<WorkerFacts[]> {
    const codes = [...new Set(rows.map((r) => this.codes[r.n]!).filter(Boolean))];
    const { rows: found } = await sql<WorkerFacts>`
      select w.id, w.employer_worker_id, w.employment_status, w.terminated_at
      from unnest(${codes}::text[]) as k(code)
      join workers w on w.employer_id = ${this.payroll.employer_id}::uuid and lower(w.employer_worker_id) = k.code
      where ${this.payroll.vendor_id ? sql`w.vendor_id = ${this.payroll.vendor_id}::uuid` : sql`w.vendor_id is null`}
    `.execute(this.reads);
    return found;
  }

  private async slice(rows: readonly PendingRow[], lookup: Promise<WorkerFacts[]>): Promise<void> {
    const found = await lookup;
    const workers = new Map(found.map((w) => [w.employer_worker_id.toLowerCase(), w]));
    for (const r of rows) {
      const code = this.codes[r.n]!;
      if (code && !workers.has(code)) {
        this.unknown.add(r.n);
        this.invalid = true;
      }
    }
    if (this.invalid) return; // the run fails: nothing more is written
    const { deductions, previous } = await this.context;

    const entries: EntryValues[] = [];
    const deductionRows: { entry_id: string; position: number; transaction_id: string | null; topup_emi_id: string | null; item_date: string; amount: number }[] = [];
    for (const r of rows) {
      const v = r.value!;
      const w = workers.get(this.codes[r.n]!)!;
      const id = this.ids.next();
      const items = deductions.get(w.id) ?? [];
      const salary = salaryForPaidDays(v.monthlySalary, v.paidHundredths, v.workingDays);
      const deducted = sumAmounts(items);
      const net = netSalary(salary, deducted);
      const inactiveBeforeMonth = w.employment_status === 'INACTIVE' && (w.terminated_at === null || w.terminated_at < this.payroll.month);
      const skip = skipReasonOf({ inactiveBeforeMonth, paidHundredths: v.paidHundredths, net });
      // SHARED_BANK_ACCOUNT needs the whole sheet: it is added at the end.
      const flags = payrollFlags({ net, accountNumber: v.accountNumber, previous: previous.get(w.id) ?? null, accountShared: false });
      for (const f of flags) this.flagCounts[f] += 1;
      if (!skip) {
        this.finalized += 1;
        this.totalSalary += salary;
        this.totalDeductions += deducted;
        this.totalPayable += net;
      }
      entries.push({
        id,
        worker_id: w.id,
        row_number: r.rowNumber,
        position: r.n + 1,
        name: v.fullName,
        employer_employee_code: w.employer_worker_id,
        mobile: v.mobile || null,
        monthly_salary: v.monthlySalary,
        working_days: v.workingDays,
        paid_days: (v.paidHundredths / 100).toFixed(2),
        salary,
        deductions: deducted,
        amount_payable: net,
        account_number: v.accountNumber,
        ifsc: v.ifsc,
        status: skip ? 'SKIPPED' : 'FINALIZED',
        skip_reason: skip,
        flags: flags.join(','),
      });
      items.forEach((d, k) =>
        deductionRows.push({
          entry_id: id,
          position: k + 1,
          transaction_id: d.kind === 'ADVANCE' ? d.id : null,
          topup_emi_id: d.kind === 'TOPUP_EMI' ? d.id : null,
          item_date: d.date,
          amount: d.amount,
        }),
      );
      this.outcome[r.n] = SKIP_CODES.indexOf(skip);
    }
    await sql`
      insert into payroll_entries (payroll_id, employer_id, vendor_id, ${sql.join(ENTRY_COLUMNS.map(([c]) => sql.ref(c)))})
      select ${this.payroll.id}::uuid, ${this.payroll.employer_id}::uuid, ${this.payroll.vendor_id}::uuid,
        ${sql.join(ENTRY_COLUMNS.map(([c]) => (c === 'flags' ? sql`string_to_array(u.flags, ',')` : sql`u.${sql.ref(c)}`)))}
      from ${unnest(ENTRY_COLUMNS.map(([c, type]) => ({ values: entries.map((e) => e[c]), type })))} as u(${sql.join(ENTRY_COLUMNS.map(([c]) => sql.ref(c)))})
    `.execute(this.trx);
    if (deductionRows.length) {
      await sql`
        insert into payroll_deductions (payroll_id, entry_id, position, transaction_id, topup_emi_id, item_date, amount)
        select ${this.payroll.id}::uuid, u.*
        from ${unnest([
          { values: deductionRows.map((d) => d.entry_id), type: 'uuid' },
          { values: deductionRows.map((d) => d.position), type: 'int4' },
          { values: deductionRows.map((d) => d.transaction_id), type: 'uuid' },
          { values: deductionRows.map((d) => d.topup_emi_id), type: 'uuid' },
          { values: deductionRows.map((d) => d.item_date), type: 'date' },
          { values: deductionRows.map((d) => d.amount), type: 'int8' },
        ])} as u
      `.execute(this.trx);
    }
  }

  /** The most frequent Working Days (the smallest of equals). */
  mostWorkingDays(): number | null {
    let best: number | null = null;
    let bestCount = 0;
    for (const [v, c] of this.workingDays) if (c > bestCount || (c === bestCount && best !== null && v < best)) [best, bestCount] = [v, c];
    return best;
  }

  /** A processed row's Status and Reason. */
  readonly processedMark = (n: number): RowMark => {
    const code = this.outcome[n] ?? 0;
    return code === 0 ? { status: PAYROLL_ROW_STATUS.finalized, reason: '', columns: [] } : { status: PAYROLL_ROW_STATUS.skipped, reason: SKIP_CODES[code]!, columns: [] };
  };

  /** A failed run's marks: every row's problems (cells, repeated and unknown Employee IDs), or VALID. */
  failedMarks(): { markOf: (n: number) => RowMark; failed: number } {
    const errors = this.cellErrors;
    const errorOf = (n: number) => errors.get(n) ?? errors.set(n, new Map()).get(n)!;
    const repeats = new Map<string, number[]>();
    this.codes.forEach((code, n) => {
      if (code && this.firstRowOf.get(code) !== n) (repeats.get(code) ?? repeats.set(code, [this.firstRowOf.get(code)!]).get(code)!).push(n);
    });
    for (const list of repeats.values()) {
      const where = list.map((n) => this.rowNumbers[n]).join(', ');
      for (const n of list) errorOf(n).set('employerEmployeeId', SHEET_MSG.duplicateInSheet('Employee ID', where));
    }
    for (const n of this.unknown) if (!errors.get(n)?.has('employerEmployeeId')) errorOf(n).set('employerEmployeeId', PAYROLL_ROW_MSG.unknownEmployeeId);
    const failed = [...errors.values()].filter((e) => e.size > 0).length;
    const markOf = (n: number): RowMark => {
      const e = errors.get(n);
      return e && e.size ? { status: PAYROLL_ROW_STATUS.failed, reason: [...e.values()].join('; '), columns: [...e.keys()] } : { status: PAYROLL_ROW_STATUS.valid, reason: '', columns: [] };
    };
    return { markOf, failed };
  }
}

/** Processes the payroll of an upload (registered with the documents pipeline for PAYROLL_UPLOAD and PAYROLL_STREAMING_ACCOUNT). */
export async function processPayrollUpload(deps: Deps, upload: DocumentUploadRecord): Promise<void> {
  const { db } = deps;
  const failUpload = (reason: string) =>
    db.updateTable('document_uploads').set({ status: 'FAILED', failure_reason: reason, processed_at: deps.now() }).where('id', '=', upload.id).where('status', '=', 'PROCESSING').execute();
  let payroll = await db.selectFrom('payrolls').selectAll().where('upload_id', '=', upload.id).executeTakeFirst();
  if (!payroll) {
    await failUpload(PAYROLL_PROCESS_MSG.failed);
    return;
  }
  if (payroll.status === 'UPLOADED') {
    payroll =
      (await db.updateTable('payrolls').set({ status: 'PROCESSING', updated_at: deps.now() }).where('id', '=', payroll.id).where('status', '=', 'UPLOADED').returningAll().executeTakeFirst()) ??
      payroll;
  }
  if (payroll.status !== 'PROCESSING') return; // done already (a repeated job)
  const current = payroll;

  /** PAYROLL_PROCESSING_FAILED, with the processed sheet when there is one. */
  const fail = async (reason: string, sheet: Buffer | null, counts: { total: number; failed: number } | null) => {
    await db.transaction().execute(async (trx) => {
      const stored = sheet ? await storeSheet(trx, upload, sheet) : null;
      const moved = await trx
        .updateTable('payrolls')
        .set({ status: 'PAYROLL_PROCESSING_FAILED', failure_reason: reason, processed_file_id: stored, updated_at: deps.now() })
        .where('id', '=', current.id)
        .where('status', '=', 'PROCESSING')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return;
      await trx
        .updateTable('document_uploads')
        .set({
          status: 'FAILED',
          failure_reason: reason,
          processed_file_id: stored,
          processed_at: deps.now(),
          ...(counts ? { total_rows: counts.total, applied_rows: 0, unchanged_rows: 0, failed_rows: counts.failed } : {}),
        })
        .where('id', '=', upload.id)
        .execute();
    });
  };

  let run = null as PayrollRun | null;
  let content: Buffer;
  try {
    content = (await db.selectFrom('stored_files').select('content').where('id', '=', upload.original_file_id).executeTakeFirstOrThrow()).content;
    await db.transaction().execute(async (trx) => {
      const context = (async () => ({ deductions: await deductionsOf(trx, current), previous: await previousEntries(trx, current) }))();
      context.catch(() => {}); // awaited by the first slice, and below
      const r = new PayrollRun(trx, db, current, context);
      run = r;
      await r.read(content);
      await context;
      if (r.invalid) throw new InvalidRows();

      // SHARED_BANK_ACCOUNT: an account number on more than one row of the sheet.
      const shared = [...r.accountUses].filter(([, uses]) => uses > 1).map(([account]) => account);
      if (shared.length) {
        await sql`update payroll_entries set flags = array_append(flags, 'SHARED_BANK_ACCOUNT') where payroll_id = ${current.id}::uuid and account_number = any(${shared}::text[])`.execute(trx);
        r.flagCounts.SHARED_BANK_ACCOUNT = shared.reduce((a, account) => a + r.accountUses.get(account)!, 0);
      }
      const moved = await trx
        .updateTable('payrolls')
        .set({
          status: 'PROCESSED',
          working_days: r.mostWorkingDays(),
          total_entries: r.rows,
          finalized_entries: r.finalized,
          skipped_entries: r.rows - r.finalized,
          total_salary: r.totalSalary,
          total_deductions: r.totalDeductions,
          total_payable: r.totalPayable,
          flag_counts: JSON.stringify(r.flagCounts),
          failure_reason: null,
          updated_at: deps.now(),
        })
        .where('id', '=', current.id)
        .where('status', '=', 'PROCESSING')
        .executeTakeFirst();
      // Moved meanwhile (it cannot be): then nothing of this run may stay.
      if (Number(moved.numUpdatedRows) === 0) throw new Error(`payroll ${current.id} left PROCESSING while it was processed`);
      await trx
        .updateTable('document_uploads')
        .set({ status: 'PROCESSED', total_rows: r.rows, applied_rows: r.rows, unchanged_rows: 0, failed_rows: 0, failure_reason: null, processed_at: deps.now() })
        .where('id', '=', upload.id)
        .execute();
    });
  } catch (err) {
    const r = run as PayrollRun | null;
    if (err instanceof InvalidRows && r) {
      const { markOf, failed } = r.failedMarks();
      return fail(PAYROLL_MSG.rowsFailed(failed), await processedSheet(content!, r.width, r.index, markOf), { total: r.rows, failed });
    }
    if (err instanceof SheetRefusal) return fail(err.message, null, null);
    deps.log.error(err);
    return fail(PAYROLL_PROCESS_MSG.failed, null, null);
  }

  // PROCESSED and committed: the processed sheet (each row FINALIZED or SKIPPED, with the reason)
  // is written after, so the payroll is ready without waiting for it; the history shows it when
  // it is stored, a moment later.
  try {
    const r = run as PayrollRun | null;
    if (!r) return;
    const sheet = await processedSheet(content, r.width, r.index, r.processedMark);
    await db.transaction().execute(async (trx) => {
      const stored = await storeSheet(trx, upload, sheet);
      await trx.updateTable('payrolls').set({ processed_file_id: stored }).where('id', '=', current.id).execute();
      await trx.updateTable('document_uploads').set({ processed_file_id: stored }).where('id', '=', upload.id).execute();
    });
  } catch (err) {
    deps.log.error(err);
  }
}

async function storeSheet(trx: Kysely<DB>, upload: DocumentUploadRecord, sheet: Buffer): Promise<string> {
  const stored = await trx
    .insertInto('stored_files')
    .values({
      employer_id: upload.employer_id,
      vendor_id: upload.vendor_id,
      admin_id: upload.admin_id,
      document_type: STORED_TYPES_OF[upload.doc_type].processed!,
      file_name: `processed-${upload.file_name.replace(/\.[^.]*$/, '')}.xlsx`,
      mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size_bytes: sheet.length,
      content: sheet,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return stored.id;
}
