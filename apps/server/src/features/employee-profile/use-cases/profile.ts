import {
  PHONE_COUNTRY_PREFIX,
  PROFILE_DOCUMENT_TYPES,
  VERIFICATION_KINDS,
  VERIFICATION_STATUSES,
  type EmployeeProfile,
  type ProfileAddress,
  type ProfileDocumentType,
  type VerificationKind,
  type VerificationStatus,
} from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { agreementsOf, iso, workerInScope, type Scope } from '../shared.js';

function addressOf(stored: Record<string, unknown> | null, fallback: string | null): ProfileAddress | null {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  if (stored && text(stored.line1)) {
    return { line1: text(stored.line1)!, line2: text(stored.line2), city: text(stored.city), state: text(stored.state), pincode: text(stored.pincode) };
  }
  return fallback?.trim() ? { line1: fallback.trim(), line2: null, city: null, state: null, pincode: null } : null;
}

/** GET /employer-admin/user */
export async function profile(deps: Pick<Deps, 'db'>, ctx: Scope, employeeId: string): Promise<EmployeeProfile> {
  const { db } = deps;
  const w = await workerInScope(deps, ctx, employeeId);
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
    agreementsOf(deps, w.id),
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
}
