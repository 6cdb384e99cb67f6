/**
 * Operators' provisioning: an employer with its config, metadata, vendors and first admin. The CLI
 * and the demo seed both go through here.
 */
import { DEFAULT_PAYROLL_CONFIG, ROLE_IDS, validateAdminForm } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import type { EmployerConfigJson, EmployerMetadataJson } from '../../db/schema.js';
import { assertPasswordPolicy, hashPassword, passwordOwnerFor } from '../../platform/passwords.js';
import { createAuthService } from '../auth/index.js';

export interface VendorInput {
  name: string;
  email?: string;
  mobile?: string;
  logoUrl?: string;
  contractStartDate?: string;
}
export interface AdminInput {
  name: string;
  email: string;
  mobile: string;
  branchLocation: string;
  roleId?: string;
  /** Demo only: a ready account (password set, e-mail verified, phone enrolled) instead of an invitation. */
  ready?: { password: string };
}
export interface EmployerInput {
  name: string;
  config?: Partial<EmployerConfigJson>;
  metadata?: Partial<EmployerMetadataJson>;
  vendors?: VendorInput[];
  admin: AdminInput;
}

/** Ready admins are the demo's (and the tests'): they may have the published demo password, never in production. */
const READY_OPTIONS = (deps: Deps) => ({ acceptPublished: !deps.config.production });

export async function provisionEmployer(deps: Deps, input: EmployerInput) {
  const errors = validateAdminForm(input.admin);
  const first = Object.values(errors)[0];
  if (first) throw new Error(`First admin: ${first}`);
  if (!input.name.trim()) throw new Error('Employer name is required');
  // A ready admin's password meets the rule every other password does (the demo's included).
  if (input.admin.ready) await assertPasswordPolicy(input.admin.ready.password, { email: input.admin.email, name: input.admin.name, mobile: input.admin.mobile, employerName: input.name }, READY_OPTIONS(deps));
  const passwordHash = input.admin.ready ? await hashPassword(input.admin.ready.password) : null;
  const result = await deps.db.transaction().execute(async (trx) => {
    const employer = await trx
      .insertInto('employers')
      .values({
        name: input.name.trim(),
        config: JSON.stringify({ isEmployeeApprovalEnabled: false, fileUploadLinkEnabled: false, ...DEFAULT_PAYROLL_CONFIG, ...input.config }),
        metadata: JSON.stringify({ departmentIds: [], gradeIds: [], branchIds: [], ...input.metadata }),
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const vendors = [];
    for (const v of input.vendors ?? []) {
      vendors.push(
        await trx
          .insertInto('vendors')
          .values({ employer_id: employer.id, name: v.name, email: v.email ?? null, mobile: v.mobile ?? null, logo_url: v.logoUrl ?? null, contract_start_date: v.contractStartDate ?? null })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow(),
      );
    }
    const admin = await insertAdmin(trx, employer.id, null, input.admin, passwordHash);
    return { employer, vendors, admin };
  });
  if (!input.admin.ready) await createAuthService(deps).sendInvitation(result.admin);
  return result;
}

async function insertAdmin(db: Deps['db'], employerId: string, vendorId: string | null, input: AdminInput, passwordHash: string | null) {
  const now = new Date();
  return db
    .insertInto('admins')
    .values({
      employer_id: employerId,
      vendor_id: vendorId,
      name: input.name.trim(),
      email: input.email.trim().toLowerCase(),
      mobile: input.mobile,
      branch_location: input.branchLocation,
      role_ids: [input.roleId ?? ROLE_IDS.superAdmin],
      ...(passwordHash
        ? { status: 'ACTIVE' as const, password_hash: passwordHash, password_changed_at: now, email_verified_at: now, mfa_phone: input.mobile, mfa_enrolled_at: now }
        : {}),
    })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
}

/** Another admin for an existing employer (optionally bound to one of its vendors): invited, or ready for the demo. */
export async function provisionAdmin(deps: Deps, employerId: string, vendorId: string | null, input: AdminInput) {
  const first = Object.values(validateAdminForm(input))[0];
  if (first) throw new Error(`Admin: ${first}`);
  if (input.ready) await assertPasswordPolicy(input.ready.password, await passwordOwnerFor(deps.db, input, employerId, vendorId), READY_OPTIONS(deps));
  const admin = await insertAdmin(deps.db, employerId, vendorId, input, input.ready ? await hashPassword(input.ready.password) : null);
  if (!input.ready) await createAuthService(deps).sendInvitation(admin);
  return admin;
}
