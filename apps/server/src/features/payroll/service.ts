/**
 * Payroll up to the freeze (spec 2.9-2.11, 4.4, 4.5, 7; docs/payroll-design.md): the upload (through
 * the documents pipeline), the history, the payroll info and monthly summary, the details and the
 * payout table of a month, finalize / freeze / cancel, and the expiry. Every query is scoped by the
 * caller's employer and context (own workers without `vendorId`, that vendor's with it); a payroll
 * outside the scope is not found.
 */
import { sql, type Kysely } from 'kysely';
import {
  BUSINESS_TIME_ZONE,
  DISBURSAL_STATUSES,
  DOCUMENT_FORMATS,
  EXPIRABLE_STATUSES,
  PAYROLL_FLAGS,
  PAYROLL_MSG,
  PAYROLL_PER_PAGE_LIMIT,
  PAYOUT_FILTERS,
  STORED_TYPES_OF,
  UPLOAD_MSG,
  addMonths,
  businessDayStart,
  canMove,
  compareMonths,
  documentLocation,
  firstDayOf,
  formatDdMmYyyy,
  isCurrentPayrollActive,
  isDisbursalStatus,
  isPayrollMonthOpen,
  isPayrollWindowClosed,
  isoDateInZone,
  lastDayOf,
  maskLast4,
  maxBytesOf,
  monthLabel,
  monthOfDate,
  monthYearOf,
  nextPayroll,
  parseMonthKey,
  payoutStatusesOf,
  payrollConfigOf,
  payrollInfoOf,
  payrollMonthOf,
  payrollStatusText,
  type CountAmount,
  type EmployeePayoutDetailsResult,
  type MissingWorkersResult,
  type MonthYearValue,
  type PayoutCounts,
  type PayoutFigures,
  type PayoutFilter,
  type PayrollConfig,
  type PayrollDetails,
  type PayrollDonut,
  type PayrollFlag,
  type PayrollFlagCounts,
  type PayrollHistoryRow,
  type PayrollInfo,
  type PayrollKind,
  type PayrollListResult,
  type PayrollMonthlySummary,
  type PayrollStatus,
  type PayrollStatusResult,
  type UploadPayrollDocResult,
} from '@portal/domain';
import type { DB, PayrollEntryRecord, PayrollRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';
import { inspectFile } from '../../platform/uploads/inspect.js';
import { cleanFileName } from '../../platform/uploads/receive.js';
import { createDocumentService } from '../documents/index.js';
import { identityRecordsOf, missingWorkers } from './identity.js';
import { finalReportLocation } from './report.js';

export type Scope = Pick<AuthContext, 'admin' | 'vendorId'>;
/** A deduction of a page row, as json: transaction id or EMI id, date, amount. */
interface DeductionJson {
  t: string | null;
  m: string | null;
  d: string;
  a: number;
}
type PageRow = PayrollEntryRecord & { items: DeductionJson[] };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFoundPayroll = () => notFound(PAYROLL_MSG.notFound);
const noData = () => notFound(PAYROLL_MSG.noData);
const notAllowed = (status: string) => conflict(PAYROLL_MSG.notAllowed(payrollStatusText(status)), 'PAYROLL_STATUS');

/** `where` of a payroll (or entry) table in the caller's scope. */
const inScope = (ctx: Scope, alias = 'p') => {
  const vendor = sql.ref(`${alias}.vendor_id`);
  return sql<boolean>`${sql.ref(`${alias}.employer_id`)} = ${ctx.admin.employer_id}::uuid and ${ctx.vendorId ? sql`${vendor} = ${ctx.vendorId}::uuid` : sql`${vendor} is null`}`;
};

/**
 * The month's current payroll in a context: its newest upload, a CANCELLED one included. A cancel
 * leaves the month cancelled (the screens say so and offer a new upload); an older upload it had
 * replaced never comes back as current.
 */
export async function currentPayroll(db: Kysely<DB>, ctx: Scope, month: MonthYearValue, forUpdate = false): Promise<PayrollRecord | undefined> {
  let q = db
    .selectFrom('payrolls as p')
    .selectAll('p')
    .where(inScope(ctx))
    .where('p.month', '=', firstDayOf(month))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Base64 (a data: URL prefix allowed) to bytes, refusing what is not base64 or too large before decoding. */
function decodeBase64(text: string, maxBytes: number, maxMb: number): Buffer {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0) throw new AppError(400, UPLOAD_MSG.emptyFile, 'UPLOAD_EMPTY');
  if (Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0) > maxBytes) {
    throw new AppError(400, UPLOAD_MSG.sizeError(maxMb), 'UPLOAD_TOO_LARGE');
  }
  if (body.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw new AppError(400, UPLOAD_MSG.corrupt, 'UPLOAD_CORRUPT');
  return Buffer.from(body, 'base64');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const sumCount = (rows: readonly { status: string; n: number; amount: number }[], statuses: readonly string[] | null): CountAmount => {
  let count = 0;
  let amount = 0;
  for (const r of rows) {
    if (statuses && !statuses.includes(r.status)) continue;
    count += r.n;
    amount += Math.max(0, r.amount);
  }
  return { count, amount };
};

export function createPayrollService(deps: Deps) {
  const { db } = deps;
  const documents = createDocumentService(deps);
  const today = () => isoDateInZone(deps.now(), BUSINESS_TIME_ZONE);
  const configOf = async (employerId: string): Promise<PayrollConfig> => {
    const e = await db.selectFrom('employers').select('config').where('id', '=', employerId).executeTakeFirstOrThrow();
    return payrollConfigOf(e.config);
  };

  /** A payroll of the caller's scope, or 404. */
  async function payrollOf(ctx: Scope, id: string, q: Kysely<DB> = db, forUpdate = false): Promise<PayrollRecord> {
    if (!UUID_RE.test(id)) throw notFoundPayroll();
    let query = q.selectFrom('payrolls as p').selectAll('p').where('p.id', '=', id).where(inScope(ctx));
    if (forUpdate) query = query.forUpdate();
    const p = await query.executeTakeFirst();
    if (!p) throw notFoundPayroll();
    return p;
  }

  /** Entry counts and net amounts per entry status (kept by triggers: never a count of the entries). */
  async function statusFigures(payrollId: string) {
    const rows = await db.selectFrom('payroll_entry_counts').select(['status', 'n', 'amount']).where('payroll_id', '=', payrollId).execute();
    return rows.map((r) => ({ status: r.status as string, n: r.n, amount: r.amount }));
  }

  /**
   * Finalize (PROCESSED -> PAYROLL_FROZEN) or cancel (PAYROLL_FROZEN -> CANCELLED) under a lock on
   * the payroll row; every other move is refused (409). A freeze is only of the month's current
   * payroll and only while its window has not closed.
   */
  async function move(ctx: AuthContext, payrollId: string, to: 'PAYROLL_FROZEN' | 'CANCELLED', via: 'STATUS' | 'HR_ACTION', dates?: { startDate: string; endDate: string }): Promise<PayrollStatusResult> {
    const now = deps.now();
    const config = await configOf(ctx.admin.employer_id);
    return db.transaction().execute(async (trx) => {
      const p = await payrollOf(ctx, payrollId, trx, true);
      const month = monthOfDate(p.month);
      const label = monthLabel(month);
      if (dates && (dates.startDate !== firstDayOf(month) || dates.endDate !== lastDayOf(month))) throw badRequest(PAYROLL_MSG.freezeDates);
      // Spec 4.5: the screen's finalize sets the status and also issues the freeze as an HR action.
      // The action on a payroll already frozen is recorded and answered, not refused.
      if (via === 'HR_ACTION' && p.status === 'PAYROLL_FROZEN') {
        await recordActivity(trx, {
          employerId: ctx.admin.employer_id,
          vendorId: ctx.vendorId,
          adminId: ctx.admin.id,
          actionType: ACTION_TYPES.payrollFrozen,
          targetType: 'PAYROLL',
          targetId: p.id,
          details: { month: firstDayOf(month), from: p.status, via, ...(dates ?? {}) },
        });
        return { payrollId: p.id, status: p.status, message: PAYROLL_MSG.finalizedFor(label) };
      }
      if (!canMove(p.status, to)) throw notAllowed(p.status);
      if (to === 'PAYROLL_FROZEN') {
        if (isPayrollWindowClosed(month, today(), config)) throw conflict(PAYROLL_MSG.expired, 'PAYROLL_EXPIRED');
        const current = await currentPayroll(trx, ctx, month);
        if (current && current.id !== p.id) throw conflict(PAYROLL_MSG.notCurrent(label), 'PAYROLL_NOT_CURRENT');
      }
      await trx
        .updateTable('payrolls')
        .set(to === 'PAYROLL_FROZEN' ? { status: to, frozen_at: now, frozen_by: ctx.admin.id, updated_at: now } : { status: to, cancelled_at: now, cancelled_by: ctx.admin.id, updated_at: now })
        .where('id', '=', p.id)
        .where('status', '=', p.status)
        .execute();
      await recordActivity(trx, {
        employerId: ctx.admin.employer_id,
        vendorId: ctx.vendorId,
        adminId: ctx.admin.id,
        actionType: to === 'PAYROLL_FROZEN' ? ACTION_TYPES.payrollFrozen : ACTION_TYPES.payrollCancelled,
        targetType: 'PAYROLL',
        targetId: p.id,
        details: { month: firstDayOf(month), from: p.status, via, ...(dates ?? {}) },
      });
      return { payrollId: p.id, status: to, message: to === 'PAYROLL_FROZEN' ? PAYROLL_MSG.finalizedFor(label) : PAYROLL_MSG.cancelled(label) };
    });
  }

  /**
   * Advances of the context taken in the month after `month` (past the deductions' cut-off, the
   * month's last day) and still outstanding: the next payroll deducts them. One range of the
   * dashboard's partial index on (employer_id[, vendor_id], created_at): a month of advances.
   */
  async function laterAdvancesOf(ctx: Scope, month: MonthYearValue): Promise<CountAmount> {
    const from = businessDayStart(firstDayOf(addMonths(month, 1)));
    const to = businessDayStart(firstDayOf(addMonths(month, 2)));
    const row = await db
      .selectFrom('transactions as t')
      .select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(t.amount - t.repaid_amount), 0)::bigint`.as('amount')])
      .where(inScope(ctx, 't'))
      .where('t.created_at', '>=', from)
      .where('t.created_at', '<', to)
      .where('t.status', '=', 'TRANSFERRED')
      .where(sql<boolean>`t.amount > t.repaid_amount`)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), amount: Number(row.amount) };
  }

  function toHistoryRow(p: PayrollRecord & { admin_name: string; file_name: string; superseded_at: Date | null }): PayrollHistoryRow {
    const types = STORED_TYPES_OF[p.kind];
    const month = monthOfDate(p.month);
    return {
      _id: p.id,
      documentId: p.upload_id,
      kind: p.kind,
      status: p.status,
      month: monthYearOf(month),
      fileName: p.file_name,
      uploadedAt: p.created_at.toISOString(),
      uploadedBy: p.admin_name,
      employerAdminId: p.admin_id,
      startDate: firstDayOf(month),
      endDate: lastDayOf(month),
      originalPayrollId: p.original_file_id,
      processedPayrollId: p.processed_file_id,
      originalDocumentURL: documentLocation(p.employer_id, p.admin_id, types.original, p.original_file_id),
      processedDocumentURL: p.processed_file_id && types.processed ? documentLocation(p.employer_id, p.admin_id, types.processed, p.processed_file_id) : null,
      freezedDate: iso(p.frozen_at),
      failureReason: p.failure_reason,
      totalEntries: p.status === 'UPLOADED' || p.status === 'PROCESSING' || p.status === 'PAYROLL_PROCESSING_FAILED' ? null : p.total_entries,
      cancelledAt: iso(p.cancelled_at),
      supersededAt: p.status === 'CANCELLED' || isDisbursalStatus(p.status) ? null : iso(p.superseded_at),
      finalReport: finalReportLocation(p),
    };
  }

  return {
    /**
     * POST upload-payroll-doc: the file checked at the door as the multipart uploads are, then
     * stored with its upload row, its payroll (UPLOADED) and its job in one transaction. Refused
     * outside the window, for another month, and while the month's current payroll is being
     * processed, finalized or executed.
     */
    async upload(ctx: AuthContext, input: { file: string; fileName: string; payrollMonth?: string; docType: PayrollKind }): Promise<UploadPayrollDocResult> {
      const day = today();
      const config = await configOf(ctx.admin.employer_id);
      const month = payrollMonthOf(day);
      const label = monthLabel(month);
      if (input.payrollMonth !== undefined) {
        const asked = parseMonthKey(input.payrollMonth);
        if (!asked || compareMonths(asked, month) !== 0) throw badRequest(PAYROLL_MSG.wrongMonth(label));
      }
      if (!isCurrentPayrollActive(day, config)) throw conflict(PAYROLL_MSG.windowClosed(formatDdMmYyyy(nextPayroll(day, config))), 'PAYROLL_WINDOW_CLOSED');
      // Decision 0022: a streaming-account sheet only from an employer that has opted in; refused before anything is stored.
      if (input.docType === 'PAYROLL_STREAMING_ACCOUNT' && !config.hasEmployerOptedForStreamingAccount) {
        throw conflict(PAYROLL_MSG.streamingNotOptedIn, 'STREAMING_ACCOUNT_NOT_OPTED_IN');
      }
      const format = DOCUMENT_FORMATS[input.docType];
      const buffer = decodeBase64(input.file, maxBytesOf(input.docType), format.maxMb);
      const fileName = cleanFileName(input.fileName);
      const { mimeType } = await inspectFile(buffer, fileName, format.extensions);
      let payrollId = '';
      const record = await documents.accept(ctx, input.docType, { fileName, mimeType, buffer }, async (trx, upload) => {
        // One upload per context and month at a time, so the check below stays true until commit.
        await sql`select pg_advisory_xact_lock(hashtextextended(${`payroll:${ctx.admin.employer_id}:${ctx.vendorId ?? ''}:${firstDayOf(month)}`}, 0))`.execute(trx);
        const current = await currentPayroll(trx, ctx, month);
        if (current?.status === 'PAYROLL_FROZEN') throw conflict(PAYROLL_MSG.alreadyFinalized(label), 'PAYROLL_FINALIZED');
        if (current && isDisbursalStatus(current.status)) throw conflict(PAYROLL_MSG.alreadyExecuted(label), 'PAYROLL_EXECUTED');
        // Still processing refuses, unless its job is dead for good (decision 0019): then that payroll
        // ends PAYROLL_PROCESSING_FAILED here and this upload replaces it.
        if (current && (current.status === 'UPLOADED' || current.status === 'PROCESSING') && !(await documents.abandonIfJobDead(trx, current.upload_id))) {
          throw conflict(PAYROLL_MSG.stillProcessing(label), 'PAYROLL_PROCESSING');
        }
        const row = await trx
          .insertInto('payrolls')
          .values({
            employer_id: ctx.admin.employer_id,
            vendor_id: ctx.vendorId,
            month: firstDayOf(month),
            kind: input.docType,
            status: 'UPLOADED',
            upload_id: upload.id,
            original_file_id: upload.originalFileId,
            admin_id: ctx.admin.id,
            created_at: deps.now(),
            updated_at: deps.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        payrollId = row.id;
      });
      return { payrollId, documentId: record._id, status: 'PROCESSING', month: monthYearOf(month) };
    },

    /** GET /employer-admin/payroll: the upload history, newest first. */
    async list(ctx: AuthContext, pageNumber: number, limit: number): Promise<PayrollListResult> {
      const [rows, count, config] = await Promise.all([
        db
          .selectFrom('payrolls as p')
          .innerJoin('admins as a', 'a.id', 'p.admin_id')
          .innerJoin('document_uploads as u', 'u.id', 'p.upload_id')
          .selectAll('p')
          .select(['a.name as admin_name', 'u.file_name'])
          // The next upload of the same month and context, if any: it replaced this one.
          .select(
            sql<Date | null>`(select min(q.created_at) from payrolls q where q.employer_id = p.employer_id and q.vendor_id is not distinct from p.vendor_id and q.month = p.month and (q.created_at, q.id) > (p.created_at, p.id))`.as(
              'superseded_at',
            ),
          )
          .where(inScope(ctx))
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(limit)
          .offset((pageNumber - 1) * limit)
          .execute(),
        db.selectFrom('payrolls as p').select(sql<number>`count(*)::int`.as('n')).where(inScope(ctx)).executeTakeFirstOrThrow(),
        configOf(ctx.admin.employer_id),
      ]);
      return { payrolls: rows.map(toHistoryRow), total: Number(count.n), hasEmployerOptedForStreamingAccount: config.hasEmployerOptedForStreamingAccount };
    },

    /** GET payroll-info: this month's cycle in IST from the employer's config. */
    async info(ctx: AuthContext): Promise<PayrollInfo> {
      return payrollInfoOf(today(), await configOf(ctx.admin.employer_id));
    },

    /** GET payroll-monthly-summary: executed months, and the donut's figures of a month (default: the latest executed, else the current payroll month). */
    async monthlySummary(ctx: AuthContext, asked: { month?: number; year?: number }): Promise<PayrollMonthlySummary> {
      const executed = await db
        .selectFrom('payrolls as p')
        .select([sql<string | null>`min(p.month)`.as('first'), sql<string | null>`max(p.month)`.as('latest')])
        .where(inScope(ctx))
        .where('p.status', 'in', DISBURSAL_STATUSES)
        .executeTakeFirstOrThrow();
      const first = executed.first ? monthOfDate(executed.first) : null;
      const latest = executed.latest ? monthOfDate(executed.latest) : null;
      const month: MonthYearValue = asked.month && asked.year ? { month: asked.month, year: asked.year } : (latest ?? payrollMonthOf(today()));
      const p = await currentPayroll(db, ctx, month);
      // A cancelled payroll paid nothing and will not: it has a status, no figures.
      const figures = p && p.status !== 'CANCELLED' ? await statusFigures(p.id) : [];
      const summary: PayrollDonut = {
        payrollId: p?.id ?? null,
        status: p?.status ?? null,
        total: sumCount(figures, null),
        paid: sumCount(figures, ['TRANSFERRED']),
        pending: sumCount(figures, ['FINALIZED', 'INITIATED', 'PENDING']),
        failed: sumCount(figures, ['FAILED', 'CANCELLED']),
        skipped: sumCount(figures, ['SKIPPED']),
      };
      return {
        firstExecutedPayrollMonthYear: first ? monthYearOf(first) : null,
        latestExecutedPayrollMonthYear: latest ? monthYearOf(latest) : null,
        hasExecutedAnyPayrollBefore: latest !== null,
        month: monthYearOf(month),
        summary,
      };
    },

    /**
     * GET payroll-details: the month's current payroll with its figures; 404 "Oops! No Data found"
     * when there is none, or (with `kind`: streaming-account/payroll-details) when it is of another kind.
     */
    async details(ctx: AuthContext, month: MonthYearValue, kind?: PayrollKind): Promise<PayrollDetails> {
      const p = await currentPayroll(db, ctx, month);
      if (!p || (kind && p.kind !== kind)) throw noData();
      const [figures, upload, config, later] = await Promise.all([
        statusFigures(p.id),
        db.selectFrom('document_uploads').select('file_name').where('id', '=', p.upload_id).executeTakeFirstOrThrow(),
        configOf(ctx.admin.employer_id),
        laterAdvancesOf(ctx, month),
      ]);
      const types = STORED_TYPES_OF[p.kind];
      const stored = p.flag_counts ?? {};
      const flags = Object.fromEntries(PAYROLL_FLAGS.map((f) => [f, Number(stored[f] ?? 0)])) as PayrollFlagCounts;
      return {
        _id: p.id,
        documentId: p.upload_id,
        kind: p.kind,
        status: p.status,
        month: monthYearOf(month),
        totalNumberOfEmployeeEntries: p.total_entries,
        finalizedEntries: p.finalized_entries,
        skippedEntries: p.skipped_entries,
        paid: sumCount(figures, ['TRANSFERRED']),
        pending: sumCount(figures, ['INITIATED', 'PENDING']),
        failed: sumCount(figures, ['FAILED', 'CANCELLED']),
        completePayrollPayoutBreakup: { totalBalanceRequired: p.total_salary, totalEmployeePayoutAmount: p.total_payable, providerAmount: p.total_deductions },
        payrollFile: {
          uploadedFileUrl: documentLocation(p.employer_id, p.admin_id, types.original, p.original_file_id),
          processedFileUrl: p.processed_file_id && types.processed ? documentLocation(p.employer_id, p.admin_id, types.processed, p.processed_file_id) : null,
          finalReport: finalReportLocation(p),
          fileName: upload.file_name,
        },
        workingDays: p.working_days,
        uploadDate: p.created_at.toISOString(),
        freezedDate: iso(p.frozen_at),
        executedAt: iso(p.executed_at),
        cancelledAt: iso(p.cancelled_at),
        failureReason: p.failure_reason,
        paginationInfo: { perPageLimit: PAYROLL_PER_PAGE_LIMIT },
        isReexecutionAllowed: p.status === 'DISBURSAL_FAILED' && isPayrollMonthOpen(month, today(), config),
        flags,
        laterAdvances: later,
      };
    },

    /**
     * POST employee-payout-details: a page (perPageLimit 10, sheet order) of the payroll's entries
     * in a tab, searched by name or Employee ID (contains, case-insensitive), with the count of
     * every tab under the same search. Without a search: the counts from payroll_entry_counts and
     * the page from a range of positions (Total) or (payroll_id, status, position), in parallel.
     * With one: a single statement that reads the payroll's entries once, counting the matches
     * per status and taking the page from them. The page carries its deductions (json, in order).
     */
    async payoutDetails(ctx: AuthContext, body: { page: number; status: PayoutFilter; searchId?: string; month: number; year: number; payrollId?: string }): Promise<EmployeePayoutDetailsResult> {
      const p = body.payrollId ? await payrollOf(ctx, body.payrollId) : await currentPayroll(db, ctx, { month: body.month, year: body.year });
      if (!p) throw noData();
      // Contains, case-insensitive, on the name or the Employee ID (search_text holds both, lower-cased).
      const search = (body.searchId ?? '').replace(/[\u0000-\u001f]/g, '').trim().toLowerCase();
      const statuses = payoutStatusesOf(body.status);
      const limit = PAYROLL_PER_PAGE_LIMIT;
      const offset = body.page * limit;
      const items = sql<DeductionJson[]>`coalesce((select json_agg(json_build_object('t', d.transaction_id, 'm', d.topup_emi_id, 'd', d.item_date, 'a', d.amount) order by d.position) from payroll_deductions d where d.entry_id = e.id), '[]'::json)`;
      const inTab = statuses ? sql`and status = any(${statuses as string[]}::text[])` : sql``;
      let byStatus: Map<string, number>;
      let rows: PageRow[];
      // The whole payroll's counts and amounts per status, read once with the tabs' counts.
      let whole: { status: string; n: number; amount: number }[];
      if (!search) {
        const [countRows, page] = await Promise.all([
          db.selectFrom('payroll_entry_counts').select(['status', 'n', 'amount']).where('payroll_id', '=', p.id).execute(),
          // Total: a range of positions. A tab: the page's ids first from (payroll_id, status, position),
          // so the rows skipped by the offset are never read from the table nor projected.
          statuses
            ? sql<PageRow>`
                select e.*, ${items} as items
                from (select id, position from payroll_entries where payroll_id = ${p.id}::uuid ${inTab} order by position limit ${limit} offset ${offset}) pg
                join payroll_entries e on e.id = pg.id
                order by pg.position
              `.execute(db)
            : sql<PageRow>`
                select e.*, ${items} as items from payroll_entries e
                where e.payroll_id = ${p.id}::uuid and e.position > ${offset} and e.position <= ${offset + limit}
                order by e.position
              `.execute(db),
        ]);
        byStatus = new Map(countRows.map((r) => [r.status as string, r.n]));
        whole = countRows.map((r) => ({ status: r.status as string, n: r.n, amount: Number(r.amount) }));
        rows = page.rows;
      } else {
        const { rows: found } = await sql<PageRow & { counts: Record<string, number>; whole: { status: string; n: number; amount: number }[] }>`
          with m as materialized (
            select id, status, position from payroll_entries where payroll_id = ${p.id}::uuid and strpos(search_text, ${search}) > 0
          ),
          c as (select coalesce(json_object_agg(status, n), '{}'::json) as counts from (select status, count(*)::int as n from m group by status) g),
          w as (select coalesce(json_agg(json_build_object('status', status, 'n', n, 'amount', amount)), '[]'::json) as whole from payroll_entry_counts where payroll_id = ${p.id}::uuid),
          pg as (select id, position from m where true ${inTab} order by position limit ${limit} offset ${offset})
          select c.counts, w.whole, e.*, ${items} as items
          from c cross join w left join (pg join payroll_entries e on e.id = pg.id) on true
          order by pg.position
        `.execute(db);
        byStatus = new Map(Object.entries(found[0]?.counts ?? {}));
        whole = (found[0]?.whole ?? []).map((r) => ({ status: r.status, n: Number(r.n), amount: Number(r.amount) }));
        rows = found.filter((r) => r.id !== null);
      }
      const counts = Object.fromEntries(
        PAYOUT_FILTERS.map((f) => {
          const list = payoutStatusesOf(f);
          return [f, list === null ? [...byStatus.values()].reduce((a, b) => a + b, 0) : list.reduce((a, s) => a + (byStatus.get(s) ?? 0), 0)];
        }),
      ) as PayoutCounts;
      const figures = Object.fromEntries(PAYOUT_FILTERS.map((f) => [f, sumCount(whole, payoutStatusesOf(f))])) as PayoutFigures;
      const toRow = (e: PageRow) => ({
        _id: e.id,
        workerId: e.worker_id,
        rowNumber: e.row_number,
        name: e.name,
        employerEmployeeCode: e.employer_employee_code,
        mobile: e.mobile,
        monthlySalary: e.monthly_salary,
        workingDays: e.working_days,
        paidDays: Number(e.paid_days),
        salary: e.salary,
        deductions: e.deductions,
        amountPayable: e.amount_payable,
        accountNumber: maskLast4(e.account_number),
        ifsc: e.ifsc,
        status: e.status,
        skipReason: e.skip_reason,
        flags: e.flags as PayrollFlag[],
        deductionItems: e.items.map((d) => ({ kind: d.t ? ('ADVANCE' as const) : ('TOPUP_EMI' as const), id: (d.t ?? d.m)!, amount: Number(d.a), date: d.d })),
        requestId: e.request_id,
        utr: e.utr,
        paidAt: iso(e.paid_at),
        createdDate: e.created_at.toISOString(),
        updatedDate: e.updated_at.toISOString(),
      });
      // NAME_DIFFERS / MOBILE_DIFFERS: what the employee record holds, to show beside the flag.
      const records = await identityRecordsOf(db, p, rows.filter((e) => e.flags.includes('NAME_DIFFERS') || e.flags.includes('MOBILE_DIFFERS')).map((e) => e.id));
      return { payrollId: p.id, data: rows.map((e) => ({ ...toRow(e), employeeRecord: records.get(e.id) ?? null })), totalCount: counts[body.status], counts, figures, perPageLimit: limit };
    },

    /**
     * GET missing-workers: the active workers of the payroll's context who are not in its sheet, a
     * page by Employee ID with the total; only while the entries stand for the sheet before the
     * money moves (PROCESSED, PAYROLL_FROZEN), 409 otherwise.
     */
    async missingWorkers(ctx: AuthContext, q: { payrollId: string; pageNumber: number; limit: number }): Promise<MissingWorkersResult> {
      const p = await payrollOf(ctx, q.payrollId);
      if (p.status !== 'PROCESSED' && p.status !== 'PAYROLL_FROZEN') throw notAllowed(p.status);
      const found = await missingWorkers(db, p, { limit: q.limit, offset: (q.pageNumber - 1) * q.limit });
      return { payrollId: p.id, total: found.total, workers: found.workers, pageNumber: q.pageNumber, perPageLimit: q.limit };
    },

    /** PUT update-payroll-status */
    updateStatus: (ctx: AuthContext, payrollId: string, status: 'PAYROLL_FROZEN' | 'CANCELLED') => move(ctx, payrollId, status, 'STATUS'),
    /** POST /hrAction FREEZE_PAYROLL */
    freeze: (ctx: AuthContext, data: { payrollId: string; startDate: string; endDate: string }) => move(ctx, data.payrollId, 'PAYROLL_FROZEN', 'HR_ACTION', data),
  };
}

/**
 * The daily expiry: PROCESSED, PAYROLL_FROZEN and PAYROLL_PROCESSING_FAILED payrolls whose month's
 * window has closed (by each employer's config, in IST) become EXPIRED. Returns how many moved.
 */
export async function expirePayrolls(deps: Pick<Deps, 'db'>, now: Date): Promise<number> {
  const day = isoDateInZone(now, BUSINESS_TIME_ZONE);
  // A month whose window may have closed is before the current payroll month's run month.
  const candidates = await deps.db
    .selectFrom('payrolls as p')
    .innerJoin('employers as e', 'e.id', 'p.employer_id')
    .select(['p.id', 'p.month', 'e.config'])
    .where('p.status', 'in', EXPIRABLE_STATUSES)
    .where('p.month', '<=', firstDayOf(payrollMonthOf(day)))
    .execute();
  const ids = candidates.filter((c) => isPayrollWindowClosed(monthOfDate(c.month), day, payrollConfigOf(c.config))).map((c) => c.id);
  if (ids.length === 0) return 0;
  const moved = await deps.db
    .updateTable('payrolls')
    .set({ status: 'EXPIRED' satisfies PayrollStatus, expired_at: now, updated_at: now })
    .where('id', 'in', ids)
    .where('status', 'in', EXPIRABLE_STATUSES)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}
