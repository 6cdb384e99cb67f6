/**
 * The worker side: what the worker app (not part of this portal) does to the portal's data. A
 * worker registers (pending approval when the employer asks for it), and requests wage advances
 * within the limits; advances move through the transaction statuses, are repaid or deducted from
 * salary; salary top-ups are applied for, disbursed and repaid by EMIs. The demo seed and the tests
 * drive the data through here, never by raw inserts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  ADVANCE_HOLDING_STATUSES,
  HALF_DAYS,
  availableEarnedSalary,
  workedHalfDaysWithLeave,
  businessDate,
  businessDayStart,
  canMoveTransaction,
  emiSchedule,
  monthStart,
  PROFILE_DOCUMENT_MAX_BYTES,
  PROFILE_DOCUMENT_TYPES,
  VERIFICATION_KINDS,
  sniffDocumentType,
  type ProfileDocumentType,
  type TransactionStatus,
  type VerificationKind,
  type VerificationStatus,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { WorkerRecord } from '../../db/schema.js';

export interface RegisterInput {
  employerId: string;
  vendorId?: string | null;
  mobile: string;
  fullName: string;
  employerWorkerId: string;
  email?: string;
  /** paise */
  monthlySalary: number;
  joinedAt: string;
  workerType?: 'EMPLOYEE' | 'CONTRACTOR';
}

/** What the worker app records about a worker beyond the sign-up (their KYC details). */
export interface WorkerProfileInput {
  gender?: string | null;
  /** yyyy-mm-dd */
  dateOfBirth?: string | null;
  address?: { line1: string; line2?: string | null; city?: string | null; state?: string | null; pincode?: string | null } | null;
  pan?: string | null;
}

export const PROFILE_REFUSALS = {
  pan: 'The PAN is not valid',
  ifsc: 'The IFSC is not valid',
  accountNumber: 'The account number must be 9 to 18 digits',
  documentKind: 'Unknown document kind',
  documentType: 'Only JPEG, PNG or PDF documents are accepted',
  documentSize: 'The document is larger than 5 MB',
  verificationKind: 'Unknown verification kind',
} as const;

export const ADVANCE_REFUSALS = {
  inactive: 'The worker is not active',
  notAllowed: 'Withdrawals are not allowed for this worker',
  pendingApproval: 'The worker is waiting for the employer to approve them',
  perTransaction: 'The amount is above the per-transaction limit',
  perDay: "The amount is above today's limit",
  available: 'The amount is above the available earned salary',
} as const;

/** Why an advance cannot move (decision 0024). */
export const ADVANCE_HOLD_MSG = 'The advance is waiting for the employer to approve it';

export function createWorkerSide(deps: Deps) {
  const { db } = deps;
  const today = () => businessDate(deps.now());

  async function workerOrThrow(workerId: string): Promise<WorkerRecord> {
    const w = await db.selectFrom('workers').selectAll().where('id', '=', workerId).executeTakeFirst();
    if (!w) throw notFound('Worker not found');
    return w;
  }

  /** What the worker took since `from` (holding statuses), leaving out the advance `exceptId` (decision 0024's re-check). */
  async function withdrawnSince(workerId: string, from: Date, exceptId?: string): Promise<number> {
    const row = await db
      .selectFrom('transactions')
      .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
      .where('worker_id', '=', workerId)
      .where('created_at', '>=', from)
      .where('status', 'in', ADVANCE_HOLDING_STATUSES as TransactionStatus[])
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Worked half-days of [from, to]: attendance, with recorded leave deciding its days (decision 0025: paid leave a full day, unpaid none). */
  async function workedHalfDays(workerId: string, from: string, to: string): Promise<number> {
    const [days, leaves] = await Promise.all([
      db.selectFrom('attendance_days').select(['day', 'status']).where('worker_id', '=', workerId).where('day', '>=', from).where('day', '<=', to).execute(),
      db
        .selectFrom('leaves')
        .select(['from_date as fromDate', 'to_date as toDate', 'leave_type as leaveType'])
        .where('worker_id', '=', workerId)
        .where('from_date', '<=', to)
        .where('to_date', '>=', from)
        .execute(),
    ]);
    if (leaves.length === 0) return days.reduce((sum, r) => sum + (HALF_DAYS[r.status] ?? 0), 0);
    return workedHalfDaysWithLeave(days, leaves, { from, to });
  }

  /**
   * Why the worker `w` may not take `amount` now, or null: the limits of a request. `exceptId` leaves
   * an advance out of what was already taken (an approved request re-checked as it moves on).
   */
  async function limitRefusal(w: WorkerRecord, amount: number, exceptId?: string): Promise<string | null> {
    if (w.employment_status === 'INACTIVE') return ADVANCE_REFUSALS.inactive;
    if (w.approval_status === 'PENDING' || w.approval_status === 'REJECTED') return ADVANCE_REFUSALS.pendingApproval;
    if (!w.is_transaction_allowed) return ADVANCE_REFUSALS.notAllowed;
    if (w.max_withdrawal_per_transaction !== null && amount > w.max_withdrawal_per_transaction) return ADVANCE_REFUSALS.perTransaction;
    const day = today();
    if (w.max_withdrawal_per_day !== null) {
      const takenToday = await withdrawnSince(w.id, businessDayStart(day), exceptId);
      if (takenToday + amount > w.max_withdrawal_per_day) return ADVANCE_REFUSALS.perDay;
    }
    const start = monthStart(day);
    const available = availableEarnedSalary({
      monthlySalary: w.current_monthly_salary,
      workedHalfDays: await workedHalfDays(w.id, start, day),
      cycleDate: day,
      maxWithdrawalPercent: w.max_withdrawal_salary_percent,
      withdrawnThisCycle: await withdrawnSince(w.id, businessDayStart(start), exceptId),
    });
    return amount > available ? ADVANCE_REFUSALS.available : null;
  }

  async function move(transactionId: string, to: TransactionStatus): Promise<void> {
    const refused = await db.transaction().execute(async (trx) => {
      const tx = await trx
        .selectFrom('transactions')
        .select(['status', 'employer_id', 'worker_id', 'amount', 'employer_approval'])
        .where('id', '=', transactionId)
        .forUpdate()
        .executeTakeFirst();
      if (!tx) throw notFound('Transaction not found');
      if (!canMoveTransaction(tx.status as TransactionStatus, to)) throw conflict(`An advance cannot move from ${tx.status} to ${to}`);
      let reason: string | null = null;
      // Decision 0024: a request held for the employer moves on only once approved (or once approval
      // is turned off), and then only if it still fits the worker's limits.
      if (tx.employer_approval !== null && tx.status === 'USER_REQUESTED' && to === 'LENDER_APPROVED') {
        if (tx.employer_approval === 'PENDING') {
          const employer = await trx.selectFrom('employers').select('config').where('id', '=', tx.employer_id).executeTakeFirstOrThrow();
          if (employer.config.isEmployeeApprovalEnabled) throw conflict(ADVANCE_HOLD_MSG);
        }
        const w = await trx.selectFrom('workers').selectAll().where('id', '=', tx.worker_id).forUpdate().executeTakeFirstOrThrow();
        reason = await limitRefusal(w, tx.amount, transactionId);
      }
      const status = reason ? 'LENDER_REJECTED' : to;
      await trx.updateTable('transactions').set({ status, status_reason: reason, updated_at: deps.now() }).where('id', '=', transactionId).execute();
      await trx.insertInto('transaction_events').values({ transaction_id: transactionId, status, created_at: deps.now() }).execute();
      return reason;
    });
    if (refused) throw new AppError(422, refused);
  }

  async function setVerification(workerId: string, kind: VerificationKind, status: VerificationStatus): Promise<void> {
    if (!(VERIFICATION_KINDS as readonly string[]).includes(kind)) throw badRequest(PROFILE_REFUSALS.verificationKind);
    await workerOrThrow(workerId);
    const entry = JSON.stringify({ [kind]: status });
    await db
      .insertInto('worker_profiles')
      .values({ worker_id: workerId, verification: entry, updated_at: deps.now() })
      .onConflict((oc) => oc.column('worker_id').doUpdateSet({ verification: sql`worker_profiles.verification || ${entry}::jsonb`, updated_at: deps.now() }))
      .execute();
  }

  return {
    /**
     * A worker signs up in the worker app. A worker the employer already added is linked (signed
     * up); an unknown one is created, pending approval when the employer config asks for it.
     */
    async register(input: RegisterInput): Promise<WorkerRecord> {
      const employer = await db.selectFrom('employers').select('config').where('id', '=', input.employerId).executeTakeFirstOrThrow();
      const existing = await db
        .selectFrom('workers')
        .selectAll()
        .where('employer_id', '=', input.employerId)
        .where((eb) => eb.or([eb('mobile', '=', input.mobile), eb(sql`lower(employer_worker_id)`, '=', input.employerWorkerId.toLowerCase())]))
        .executeTakeFirst();
      if (existing) {
        if (existing.user_id) throw conflict('This worker has already signed up');
        return db.updateTable('workers').set({ user_id: randomUUID(), updated_at: deps.now() }).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
      }
      const pending = Boolean(employer.config.isEmployeeApprovalEnabled);
      return db
        .insertInto('workers')
        .values({
          employer_id: input.employerId,
          vendor_id: input.vendorId ?? null,
          worker_type: input.workerType ?? (input.vendorId ? 'CONTRACTOR' : 'EMPLOYEE'),
          employer_worker_id: input.employerWorkerId,
          full_name: input.fullName,
          email: input.email?.toLowerCase() ?? null,
          mobile: input.mobile,
          current_monthly_salary: input.monthlySalary,
          joined_at: input.joinedAt,
          user_id: randomUUID(),
          approval_status: pending ? 'PENDING' : 'APPROVED',
          approval_requested_at: pending ? deps.now() : null,
          is_transaction_allowed: !pending,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async markAttendance(workerId: string, day: string, status: 'PRESENT' | 'ABSENT' | 'HALF_DAY' | 'LEAVE' | 'HOLIDAY'): Promise<void> {
      await db
        .insertInto('attendance_days')
        .values({ worker_id: workerId, day, status, source_document_id: null })
        .onConflict((oc) => oc.columns(['worker_id', 'day']).doUpdateSet({ status }))
        .execute();
    },

    /** What the worker may still take today (paise) and why not, if nothing. */
    async availability(workerId: string) {
      const w = await workerOrThrow(workerId);
      const day = today();
      const start = monthStart(day);
      const withdrawn = await withdrawnSince(workerId, businessDayStart(start));
      const available = availableEarnedSalary({
        monthlySalary: w.current_monthly_salary,
        workedHalfDays: await workedHalfDays(workerId, start, day),
        cycleDate: day,
        maxWithdrawalPercent: w.max_withdrawal_salary_percent,
        withdrawnThisCycle: withdrawn,
      });
      const allowed = w.employment_status !== 'INACTIVE' && w.is_transaction_allowed && w.approval_status !== 'PENDING' && w.approval_status !== 'REJECTED';
      return { available: allowed ? available : 0, withdrawn, isWithdrawalAllowed: allowed };
    },

    /** A worker asks for an advance; refused with a reason when any limit says no. */
    async requestAdvance(workerId: string, amount: number): Promise<string> {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('The amount must be a positive number of paise');
      return db.transaction().execute(async (trx) => {
        // One request per worker at a time, so two requests cannot both fit under one limit.
        const w = await trx.selectFrom('workers').selectAll().where('id', '=', workerId).forUpdate().executeTakeFirst();
        if (!w) throw notFound('Worker not found');
        const refusal = await limitRefusal(w, amount);
        if (refusal) throw new AppError(422, refusal);
        // Decision 0024: with the employer's approval on, the request waits for an admin.
        const employer = await trx.selectFrom('employers').select('config').where('id', '=', w.employer_id).executeTakeFirstOrThrow();
        const held = Boolean(employer.config.isEmployeeApprovalEnabled);
        const tx = await trx
          .insertInto('transactions')
          .values({
            employer_id: w.employer_id,
            vendor_id: w.vendor_id,
            worker_id: w.id,
            amount,
            status: 'USER_REQUESTED',
            employer_approval: held ? 'PENDING' : null,
            worker_snapshot: JSON.stringify({ fullName: w.full_name, employerWorkerId: w.employer_worker_id, workerType: w.worker_type }),
            created_at: deps.now(),
            updated_at: deps.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('transaction_events').values({ transaction_id: tx.id, status: 'USER_REQUESTED', created_at: deps.now() }).execute();
        return tx.id;
      });
    },

    move,

    /** The worker app's read of one advance: its status, whether it waits for the employer, and why it ended. */
    async advance(transactionId: string) {
      const tx = await db
        .selectFrom('transactions')
        .select(['id', 'worker_id', 'amount', 'status', 'employer_approval', 'status_reason', 'created_at', 'updated_at'])
        .where('id', '=', transactionId)
        .executeTakeFirst();
      if (!tx) throw notFound('Transaction not found');
      return {
        transactionId: tx.id,
        workerId: tx.worker_id,
        amount: tx.amount,
        status: tx.status as TransactionStatus,
        employerApproval: tx.employer_approval,
        reason: tx.status_reason,
        createdAt: tx.created_at.toISOString(),
        updatedAt: tx.updated_at.toISOString(),
      };
    },

    /** What the worker still owes on disbursed advances (paise): transferred, not yet repaid or deducted from salary. */
    async owed(workerId: string): Promise<number> {
      const row = await db
        .selectFrom('transactions')
        .select(sql<number>`coalesce(sum(amount - repaid_amount), 0)::bigint`.as('total'))
        .where('worker_id', '=', workerId)
        .where('status', '=', 'TRANSFERRED')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The worker app's KYC step: gender, date of birth, address and PAN. */
    async saveProfile(workerId: string, input: WorkerProfileInput): Promise<void> {
      await workerOrThrow(workerId);
      const pan = input.pan?.trim().toUpperCase();
      if (pan && !/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) throw badRequest(PROFILE_REFUSALS.pan);
      const values = {
        gender: input.gender ?? null,
        date_of_birth: input.dateOfBirth ?? null,
        address: input.address ? JSON.stringify(input.address) : null,
        updated_at: deps.now(),
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('worker_profiles')
          .values({ worker_id: workerId, verification: '{}', ...values })
          .onConflict((oc) => oc.column('worker_id').doUpdateSet(values))
          .execute();
        if (pan) await trx.updateTable('workers').set({ pan, updated_at: deps.now() }).where('id', '=', workerId).execute();
      });
    },

    /** A bank account the worker adds; a primary one makes the others secondary. */
    async addBankAccount(workerId: string, account: { accountNumber: string; ifsc: string; primary: boolean }): Promise<string> {
      await workerOrThrow(workerId);
      if (!/^\d{9,18}$/.test(account.accountNumber)) throw badRequest(PROFILE_REFUSALS.accountNumber);
      const ifsc = account.ifsc.trim().toUpperCase();
      if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) throw badRequest(PROFILE_REFUSALS.ifsc);
      return db.transaction().execute(async (trx) => {
        if (account.primary) await trx.updateTable('worker_bank_accounts').set({ is_primary: false }).where('worker_id', '=', workerId).execute();
        const row = await trx
          .insertInto('worker_bank_accounts')
          .values({ worker_id: workerId, account_number: account.accountNumber, ifsc, is_primary: account.primary, created_at: deps.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    /** A document the worker uploads (JPEG, PNG or PDF by content, at most 5 MB); it waits for review. */
    async uploadDocument(workerId: string, kind: ProfileDocumentType, content: Buffer): Promise<string> {
      await workerOrThrow(workerId);
      if (!(PROFILE_DOCUMENT_TYPES as readonly string[]).includes(kind)) throw badRequest(PROFILE_REFUSALS.documentKind);
      if (content.length > PROFILE_DOCUMENT_MAX_BYTES) throw badRequest(PROFILE_REFUSALS.documentSize);
      const mime = sniffDocumentType(content);
      if (!mime) throw badRequest(PROFILE_REFUSALS.documentType);
      const row = await db
        .insertInto('worker_documents')
        .values({ worker_id: workerId, kind, mime_type: mime, content, created_at: deps.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The provider's review of an uploaded document; a kind with a verification status gets it too. */
    async reviewDocument(documentId: string, status: VerificationStatus): Promise<void> {
      const doc = await db.updateTable('worker_documents').set({ status }).where('id', '=', documentId).returning(['worker_id', 'kind']).executeTakeFirst();
      if (!doc) throw notFound('Document not found');
      if ((VERIFICATION_KINDS as readonly string[]).includes(doc.kind)) await setVerification(doc.worker_id, doc.kind as VerificationKind, status);
    },

    /** The provider's review of a detail (address, bank details, PAN, ...). */
    setVerification,

    /** The worker signs an agreement in the app; `content` is the signed document, when one was kept. */
    async signAgreement(workerId: string, agreementType: string, content: Buffer | null): Promise<string> {
      await workerOrThrow(workerId);
      if (content && sniffDocumentType(content) === null) throw badRequest(PROFILE_REFUSALS.documentType);
      const row = await db
        .insertInto('worker_agreements')
        .values({ worker_id: workerId, agreement_type: agreementType, signed_at: deps.now(), content, created_at: deps.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The lender's and the transfer's steps, as the provider's systems would report them. */
    async disburse(transactionId: string, outcome: 'TRANSFERRED' | 'TRANSFER_FAILED' = 'TRANSFERRED'): Promise<void> {
      for (const s of ['LENDER_APPROVED', 'AGREEMENT_SIGNED', 'TRANSFER_INITIATED', outcome] as const) await move(transactionId, s);
    },

    /** A repayment by the worker; the advance becomes REPAID when nothing is left. */
    async repay(transactionId: string, amount: number, paidOn: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const tx = await trx.selectFrom('transactions').selectAll().where('id', '=', transactionId).forUpdate().executeTakeFirst();
        if (!tx) throw notFound('Transaction not found');
        if (tx.status !== 'TRANSFERRED') throw conflict('Only a transferred advance can be repaid');
        if (amount <= 0 || tx.repaid_amount + amount > tx.amount) throw badRequest('The repayment is more than what is owed');
        await trx.insertInto('repayments').values({ transaction_id: tx.id, amount, paid_on: paidOn, source: 'DIRECT' }).execute();
        const repaid = tx.repaid_amount + amount;
        await trx.updateTable('transactions').set({ repaid_amount: repaid, latest_repayment_date: paidOn, updated_at: deps.now() }).where('id', '=', tx.id).execute();
      });
      const tx = await db.selectFrom('transactions').select(['amount', 'repaid_amount']).where('id', '=', transactionId).executeTakeFirstOrThrow();
      if (tx.repaid_amount === tx.amount) await move(transactionId, 'REPAID');
    },

    /** A salary top-up application through to disbursal, with its EMI schedule. */
    async applyTopup(workerId: string, amount: number, tenureMonths: number, outcome: 'DISBURSED' | 'REJECTED' | 'VERIFICATION_PENDING' = 'DISBURSED'): Promise<string> {
      const w = await workerOrThrow(workerId);
      const day = today();
      const emis = emiSchedule(amount, tenureMonths);
      const [y, m] = day.split('-').map(Number) as [number, number];
      const due = (k: number) => {
        const d = new Date(Date.UTC(y, m + k, 5));
        return d.toISOString().slice(0, 10);
      };
      return db.transaction().execute(async (trx) => {
        const app = await trx
          .insertInto('salary_topup_applications')
          .values({
            employer_id: w.employer_id,
            vendor_id: w.vendor_id,
            worker_id: w.id,
            amount,
            tenure_months: tenureMonths,
            emi_amount: emis[emis.length - 1]!,
            status: outcome,
            approval_date: outcome === 'DISBURSED' ? day : null,
            disbursal_date: outcome === 'DISBURSED' ? day : null,
            emi_start_date: outcome === 'DISBURSED' ? due(0) : null,
            created_at: deps.now(),
            updated_at: deps.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (outcome === 'DISBURSED') {
          await trx.insertInto('topup_emis').values(emis.map((a, k) => ({ application_id: app.id, due_date: due(k), amount: a }))).execute();
        }
        return app.id;
      });
    },
  };
}

export type WorkerSide = ReturnType<typeof createWorkerSide>;
