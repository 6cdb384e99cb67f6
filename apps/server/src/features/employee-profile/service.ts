/**
 * Employee profile (spec 2.6, 3, 7): the worker's personal and account details (PAN and account
 * numbers masked but the last 4 before they leave the server), their documents, agreements,
 * advances and salary details. Every lookup is scoped by the caller's employer and context (the
 * employer's own workers without `vendorId`, that vendor's with it); anything else is 404.
 *
 * Agreement documents are handed out as short-lived signed links: an HMAC over the agreement id
 * and the expiry, with a key derived from the server's code key, checked in constant time.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import {
  AGREEMENT_LINK_TTL_MS,
  EMPLOYEE_PROFILE_MSG,
  PHONE_COUNTRY_PREFIX,
  PROFILE_DOCUMENT_TYPES,
  VERIFICATION_KINDS,
  VERIFICATION_STATUSES,
  isDisbursedAdvance,
  sniffDocumentType,
  type AgreementLink,
  type EmployeeProfile,
  type ProfileAgreement,
  type ProfileAddress,
  type ProfileDocumentType,
  type ProfileTransaction,
  type SalaryDetails,
  type TransactionStatus,
  type VerificationKind,
  type VerificationStatus,
  type WorkerType,
} from '@portal/domain';
import type { WorkerRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { vendorIs, type Scope } from '../../platform/scope.js';
import { sameBytes } from '../../platform/secrets.js';
import { createWorkerSide } from '../worker-side/index.js';

/** The signed link's route, under /api. */
export const AGREEMENT_DOCUMENT_PATH = '/agreement-documents';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

function addressOf(stored: Record<string, unknown> | null, fallback: string | null): ProfileAddress | null {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  if (stored && text(stored.line1)) {
    return { line1: text(stored.line1)!, line2: text(stored.line2), city: text(stored.city), state: text(stored.state), pincode: text(stored.pincode) };
  }
  return fallback?.trim() ? { line1: fallback.trim(), line2: null, city: null, state: null, pincode: null } : null;
}

export interface StoredFile {
  content: Buffer;
  mimeType: string;
  fileName: string;
}

export function createEmployeeProfileService(deps: Deps) {
  const { db } = deps;
  const workerSide = createWorkerSide(deps);
  // A key of its own for links, derived from the server key, so a link signature is never a code hash.
  const linkKey = createHmac('sha256', deps.codeKey).update('agreement-document-link').digest();
  const sign = (agreementId: string, expires: number) => createHmac('sha256', linkKey).update(`${agreementId}\0${expires}`).digest('hex');

  /** The worker, if it is in the caller's scope; else 404 whatever the id. */
  async function workerInScope(ctx: Scope, id: string): Promise<WorkerRecord> {
    const trimmed = id.trim();
    if (!isUuid(trimmed)) throw notFound(EMPLOYEE_PROFILE_MSG.notFound);
    const w = await db.selectFrom('workers').selectAll().where('id', '=', trimmed).where('employer_id', '=', ctx.admin.employer_id).where(vendorIs(ctx.vendorId)).executeTakeFirst();
    if (!w) throw notFound(EMPLOYEE_PROFILE_MSG.notFound);
    return w;
  }

  async function agreementsOf(workerId: string): Promise<ProfileAgreement[]> {
    const rows = await db
      .selectFrom('worker_agreements')
      .select(['id', 'agreement_type', 'signed_at', sql<number>`coalesce(octet_length(content), 0)`.as('size')])
      .where('worker_id', '=', workerId)
      .orderBy('signed_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ agreementId: r.id, agreementType: r.agreement_type, signedAt: iso(r.signed_at), hasDocument: Number(r.size) > 0 }));
  }

  return {
    workerInScope,

    /** GET /employer-admin/user */
    async profile(ctx: Scope, employeeId: string): Promise<EmployeeProfile> {
      const w = await workerInScope(ctx, employeeId);
      const [profile, accounts, documents, agreements] = await Promise.all([
        db.selectFrom('worker_profiles').selectAll().where('worker_id', '=', w.id).executeTakeFirst(),
        db.selectFrom('worker_bank_accounts').selectAll().where('worker_id', '=', w.id).orderBy('is_primary', 'desc').orderBy('created_at').orderBy('id').execute(),
        // The latest document of each kind, without its bytes.
        db
          .selectFrom('worker_documents')
          .select(['kind', 'status', 'created_at'])
          .distinctOn('kind')
          .where('worker_id', '=', w.id)
          .orderBy('kind')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
        agreementsOf(w.id),
      ]);
      const verification: Partial<Record<VerificationKind, VerificationStatus>> = {};
      for (const [kind, status] of Object.entries(profile?.verification ?? {})) {
        if ((VERIFICATION_KINDS as readonly string[]).includes(kind) && (VERIFICATION_STATUSES as readonly string[]).includes(status)) {
          verification[kind as VerificationKind] = status;
        }
      }
      const docOrder = (k: string) => (PROFILE_DOCUMENT_TYPES as readonly string[]).indexOf(k);
      return {
        _id: w.id,
        workerType: w.worker_type,
        employerEmployeeId: w.employer_worker_id,
        employmentStatus: w.employment_status,
        joinedAt: w.joined_at,
        terminatedAt: w.terminated_at,
        designation: w.designation,
        signedUp: w.user_id !== null,
        name: { data: w.full_name },
        phone: w.mobile ? { data: { countryCode: PHONE_COUNTRY_PREFIX, number: w.mobile } } : null,
        email: w.email ? { data: w.email } : null,
        gender: profile?.gender ?? null,
        dateOfBirth: profile?.date_of_birth ?? null,
        pan: w.pan_masked ? { data: { pan: w.pan_masked } } : null,
        address: (() => {
          const a = addressOf((profile?.address as Record<string, unknown> | null) ?? null, w.address);
          return a ? { data: a } : null;
        })(),
        salaryAccountNumber: w.salary_account_number_masked || null,
        bankAccountInfo: accounts.map((a) => ({ data: { primary: a.is_primary, accountNumber: a.account_number_masked, ifsc: a.ifsc } })),
        agreements,
        documents: documents
          .filter((d) => docOrder(d.kind) >= 0)
          .sort((a, b) => docOrder(a.kind) - docOrder(b.kind))
          .map((d) => ({ docType: d.kind as ProfileDocumentType, status: d.status, uploadedAt: iso(d.created_at) })),
        verification,
      };
    },

    /** GET /employer-admin/user-document: the latest document of a kind, or 404. */
    async document(ctx: Scope, employeeId: string, docType: ProfileDocumentType): Promise<StoredFile> {
      const w = await workerInScope(ctx, employeeId);
      const doc = await db
        .selectFrom('worker_documents')
        .select(['id', 'content', 'mime_type'])
        .where('worker_id', '=', w.id)
        .where('kind', '=', docType)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!doc) throw notFound(EMPLOYEE_PROFILE_MSG.documentNotFound);
      const content = await deps.protector.openBytesFresh(doc.content);
      // The type the bytes prove, not the stored label.
      const mimeType = sniffDocumentType(content) ?? 'application/octet-stream';
      const ext = mimeType === 'image/png' ? 'png' : mimeType === 'image/jpeg' ? 'jpg' : mimeType === 'application/pdf' ? 'pdf' : 'bin';
      return { content, mimeType, fileName: `${docType}.${ext}` };
    },

    /** GET /employer-admin/transactions?employeeId=: the worker's advances, newest first. */
    async transactions(ctx: Scope, employeeId: string): Promise<{ transactions: ProfileTransaction[]; total: number }> {
      const w = await workerInScope(ctx, employeeId);
      const rows = await db
        .selectFrom('transactions')
        .select(['id', 'worker_id', 'created_at', 'amount', 'status', 'repaid_amount', 'latest_repayment_date', 'status_reason'])
        .where('worker_id', '=', w.id)
        .where('employer_id', '=', ctx.admin.employer_id)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      const transactions = rows.map((t) => ({
        _id: t.id,
        employeeId: t.worker_id,
        createdAt: iso(t.created_at),
        amount: t.amount,
        status: t.status as TransactionStatus,
        repaidAmount: t.repaid_amount,
        pendingRepaymentAmount: isDisbursedAdvance(t.status) ? (t.status === 'TRANSFERRED' ? t.amount - t.repaid_amount : 0) : null,
        latestRepaymentDate: t.latest_repayment_date,
        reason: t.status === 'LENDER_REJECTED' ? t.status_reason : null,
      }));
      return { transactions, total: transactions.length };
    },

    /** GET /employer-admin/employee/{id}/withdrawal-accessibility: the worker side's own figures. */
    async salaryDetails(ctx: Scope, id: string): Promise<SalaryDetails> {
      const w = await workerInScope(ctx, id);
      const [availability, owed] = await Promise.all([workerSide.availability(w.id), workerSide.owed(w.id)]);
      return {
        currentAvailableSalary: availability.available,
        withdrawnAmount: availability.withdrawn,
        sodRemainingBalance: owed,
        isWithdrawalAllowed: availability.isWithdrawalAllowed,
      };
    },

    /** GET /employer-admin/workers/{id}/agreements-metadata?workerType= */
    async agreements(ctx: Scope, id: string, workerType: WorkerType): Promise<{ agreements: ProfileAgreement[] }> {
      const w = await workerInScope(ctx, id);
      if (w.worker_type !== workerType) throw notFound(EMPLOYEE_PROFILE_MSG.notFound);
      return { agreements: await agreementsOf(w.id) };
    },

    /** GET /employer-admin/agreements/{id}/presigned-s3-url: a link valid AGREEMENT_LINK_TTL_MS, or null without a document. */
    async agreementLink(ctx: Scope, agreementId: string): Promise<AgreementLink> {
      const trimmed = agreementId.trim();
      if (!isUuid(trimmed)) throw notFound(EMPLOYEE_PROFILE_MSG.agreementNotFound);
      const row = await db
        .selectFrom('worker_agreements as a')
        .innerJoin('workers as w', 'w.id', 'a.worker_id')
        .select(['a.id', sql<number>`coalesce(octet_length(a.content), 0)`.as('size')])
        .where('a.id', '=', trimmed)
        .where('w.employer_id', '=', ctx.admin.employer_id)
        .where(vendorIs(ctx.vendorId, 'w.vendor_id'))
        .executeTakeFirst();
      if (!row) throw notFound(EMPLOYEE_PROFILE_MSG.agreementNotFound);
      if (Number(row.size) === 0) return { url: null, expiresAt: null };
      const expires = deps.now().getTime() + AGREEMENT_LINK_TTL_MS;
      const qs = new URLSearchParams({ expires: String(expires), signature: sign(row.id, expires) });
      return { url: `${deps.config.publicUrl}/api${AGREEMENT_DOCUMENT_PATH}/${row.id}?${qs.toString()}`, expiresAt: new Date(expires).toISOString() };
    },

    /** The signed link itself: the agreement's document while the signature holds and the link has not expired. */
    async signedAgreementDocument(agreementId: string, expires: string, signature: string): Promise<StoredFile> {
      const at = Number(expires);
      const fail = () => notFound(EMPLOYEE_PROFILE_MSG.linkExpired);
      if (!isUuid(agreementId) || !Number.isSafeInteger(at)) throw fail();
      if (!sameBytes(Buffer.from(sign(agreementId, at), 'hex'), Buffer.from(signature, 'hex'))) throw fail();
      if (deps.now().getTime() > at) throw fail();
      const row = await db.selectFrom('worker_agreements').select(['agreement_type', 'content']).where('id', '=', agreementId).executeTakeFirst();
      if (!row?.content || row.content.length === 0) throw fail();
      const content = await deps.protector.openBytesFresh(row.content);
      const mimeType = sniffDocumentType(content) ?? 'application/octet-stream';
      const ext = mimeType === 'application/pdf' ? 'pdf' : mimeType === 'image/png' ? 'png' : mimeType === 'image/jpeg' ? 'jpg' : 'bin';
      return { content, mimeType, fileName: `agreement-${agreementId.slice(0, 8)}.${ext}` };
    },
  };
}
