/**
 * The demo employer, created only when asked (`--demo`, which `npm start` passes) on an empty
 * database, through the provisioning code, and never in production (NODE_ENV=production): there its
 * admins' published password would be a way in.
 */
import { ROLE_IDS } from '@portal/domain';
import { ACTION_TYPES, recordActivity } from '../platform/activity.js';
import type { Deps } from '../platform/context.js';
import { provisionAdmin, provisionEmployer } from '../features/employers/index.js';
import { seedDemoAccount } from '../features/payouts/index.js';
import { seedDemoWorkforce } from './workforce.js';
import { PUBLISHED_DEMO_PASSWORD } from '../platform/passwords.js';

/** Published in the README; refused wherever an admin sets a password (platform/passwords.ts). */
export const DEMO_PASSWORD = PUBLISHED_DEMO_PASSWORD;
export const DEMO_ADMINS = {
  superAdmin: { email: 'priya.sharma@sunrise-textiles.example', mobile: '9876543210', role: 'Super Admin' },
  viewer: { email: 'arjun.mehta@sunrise-textiles.example', mobile: '9123456780', role: 'Viewer' },
  vendorAdmin: { email: 'kavita.rao@swift-staffing.example', mobile: '8899776655', role: 'Vendor Admin (Swift Staffing only)' },
} as const;

/** The flag that asks for the demo data. */
export const DEMO_FLAG = '--demo';

/** Why the demo may not be seeded here, or null: asked for in production. Checked before the database starts. */
export function demoRefusal(asked: boolean, production: boolean): string | null {
  return asked && production ? `The demo data (admins with a published password) is never created in production (NODE_ENV=production): start without ${DEMO_FLAG}.` : null;
}

/**
 * The start-up's demo step: seeds the demo when asked and the database has no employer yet, and
 * says whether the demo is there, so its sign-in details are printed only then. Without the flag
 * nothing is written; in production it throws (main.ts refuses before this).
 */
export async function demoAtStart(deps: Deps, asked: boolean): Promise<'seeded' | 'present' | 'absent'> {
  const refusal = demoRefusal(asked, deps.config.production);
  if (refusal) throw new Error(refusal);
  if (asked && (await seedDemoIfEmpty(deps))) return 'seeded';
  return (await demoPresent(deps)) ? 'present' : 'absent';
}

/** Whether the demo's Super Admin exists (seeded by an earlier start). */
export async function demoPresent(deps: Deps): Promise<boolean> {
  const admin = await deps.db.selectFrom('admins').select('id').where('email', '=', DEMO_ADMINS.superAdmin.email).where('status', '<>', 'REMOVED').executeTakeFirst();
  return admin !== undefined;
}

/** Seeds the demo employer if the database has no employer; whether it did (demoAtStart, and tests). */
export async function seedDemoIfEmpty(deps: Deps): Promise<boolean> {
  const refusal = demoRefusal(true, deps.config.production);
  if (refusal) throw new Error(refusal);
  const any = await deps.db.selectFrom('employers').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const { employer, vendors, admin: owner } = await provisionEmployer(deps, {
    name: 'Sunrise Textiles Pvt Ltd',
    // Approval is turned on by the workforce seed after the first sign-ups. Payroll runs through
    // the streaming account (decision 0022), as the CLI's `streaming-account ... on` would set it.
    config: { isEmployeeApprovalEnabled: false, fileUploadLinkEnabled: true, hasEmployerOptedForStreamingAccount: true },
    metadata: {
      departmentIds: ['Weaving', 'Dyeing', 'Finishing', 'Accounts'],
      gradeIds: ['G1', 'G2', 'G3', 'M1'],
      branchIds: ['Surat', 'Coimbatore', 'Ludhiana'],
    },
    vendors: [
      { name: 'Swift Staffing Services', email: 'contact@swift-staffing.example', mobile: '8899776600', contractStartDate: '2025-04-01' },
      { name: 'Metro Security Agency', email: 'ops@metro-security.example', mobile: '7766554433', contractStartDate: '2025-09-15' },
    ],
    admin: { name: 'Priya Sharma', email: DEMO_ADMINS.superAdmin.email, mobile: DEMO_ADMINS.superAdmin.mobile, branchLocation: 'Surat', ready: { password: DEMO_PASSWORD } },
  });
  // Priya invited the other admins: their invitations are her first recent activities.
  const invited = async (vendorId: string | null, admin: { id: string }) =>
    recordActivity(deps.db, { employerId: employer.id, vendorId, adminId: owner.id, actionType: ACTION_TYPES.adminInvited, targetType: 'ADMIN', targetId: admin.id });
  const arjun = await provisionAdmin(deps, employer.id, null, {
    name: 'Arjun Mehta', email: DEMO_ADMINS.viewer.email, mobile: DEMO_ADMINS.viewer.mobile, branchLocation: 'Coimbatore', roleId: ROLE_IDS.viewer, ready: { password: DEMO_PASSWORD },
  });
  await invited(null, arjun);
  const neha = await provisionAdmin(deps, employer.id, null, {
    name: 'Neha Iyer', email: 'neha.iyer@sunrise-textiles.example', mobile: '9988776655', branchLocation: 'Ludhiana', roleId: ROLE_IDS.payrollManager,
  });
  await invited(null, neha);
  const kavita = await provisionAdmin(deps, employer.id, vendors[0]!.id, {
    name: 'Kavita Rao', email: DEMO_ADMINS.vendorAdmin.email, mobile: DEMO_ADMINS.vendorAdmin.mobile, branchLocation: 'Surat', roleId: ROLE_IDS.vendorAdmin, ready: { password: DEMO_PASSWORD },
  });
  await invited(vendors[0]!.id, kavita);
  await seedDemoWorkforce(deps, employer.id, vendors);
  // Its streaming account, with a modest opening credit (payouts feature).
  await seedDemoAccount(deps.db, employer.id);
  return true;
}
