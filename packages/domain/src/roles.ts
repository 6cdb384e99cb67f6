/**
 * The seeded roles and what each grants (issue 2, item 5). Ids are fixed so that configuration,
 * tests and the operators' CLI can name them. Vendor roles are the subset offered in vendor context.
 */
import type { ResourceMap, RoleType } from './access.js';

export interface SeedRole {
  value: string;
  name: string;
  roleType: RoleType;
  description: string;
  resources: ResourceMap;
}

const W = ['WRITE'] as const;
const R = ['READ'] as const;

export const SEED_ROLES: readonly SeedRole[] = [
  {
    value: '00000000-0000-4000-8000-000000000001',
    name: 'Super Admin',
    roleType: 'EMPLOYER',
    description: 'Everything, for the employer and for all its vendors, including admins.',
    resources: {
      EMPLOYER_PORTAL_ADMIN: W, EMPLOYER_PORTAL_EMPLOYEES: W, EMPLOYER_PORTAL_PAYROLL: W,
      EMPLOYER_PORTAL_ATTENDANCE: W, EMPLOYER_PORTAL_TRANSACTIONS: W, EMPLOYER_PORTAL_RAW_FILES: W,
      EMPLOYER_PORTAL_VENDORS_ADMIN: W, EMPLOYER_PORTAL_VENDORS_ATTENDANCE: W, EMPLOYER_PORTAL_VENDORS_EMPLOYEES: W,
      EMPLOYER_PORTAL_VENDORS_PAYROLL: W, EMPLOYER_PORTAL_VENDORS_TRANSACTIONS: W,
    },
  },
  {
    value: '00000000-0000-4000-8000-000000000002',
    name: 'HR Manager',
    roleType: 'EMPLOYER',
    description: 'Manages employees, attendance and raw files; sees payroll, transactions and admins.',
    resources: {
      EMPLOYER_PORTAL_ADMIN: R, EMPLOYER_PORTAL_EMPLOYEES: W, EMPLOYER_PORTAL_PAYROLL: R,
      EMPLOYER_PORTAL_ATTENDANCE: W, EMPLOYER_PORTAL_TRANSACTIONS: R, EMPLOYER_PORTAL_RAW_FILES: W,
      EMPLOYER_PORTAL_VENDORS_ATTENDANCE: W, EMPLOYER_PORTAL_VENDORS_EMPLOYEES: W, EMPLOYER_PORTAL_VENDORS_TRANSACTIONS: R,
    },
  },
  {
    value: '00000000-0000-4000-8000-000000000003',
    name: 'Payroll Manager',
    roleType: 'EMPLOYER',
    description: 'Runs payroll and uploads raw files; sees employees, attendance and transactions.',
    resources: {
      EMPLOYER_PORTAL_EMPLOYEES: R, EMPLOYER_PORTAL_PAYROLL: W, EMPLOYER_PORTAL_ATTENDANCE: R,
      EMPLOYER_PORTAL_TRANSACTIONS: R, EMPLOYER_PORTAL_RAW_FILES: W,
      EMPLOYER_PORTAL_VENDORS_PAYROLL: W, EMPLOYER_PORTAL_VENDORS_TRANSACTIONS: R,
    },
  },
  {
    value: '00000000-0000-4000-8000-000000000004',
    name: 'Viewer',
    roleType: 'EMPLOYER',
    description: 'Reads everything, changes nothing.',
    resources: {
      EMPLOYER_PORTAL_ADMIN: R, EMPLOYER_PORTAL_EMPLOYEES: R, EMPLOYER_PORTAL_PAYROLL: R,
      EMPLOYER_PORTAL_ATTENDANCE: R, EMPLOYER_PORTAL_TRANSACTIONS: R, EMPLOYER_PORTAL_RAW_FILES: R,
      EMPLOYER_PORTAL_VENDORS_ADMIN: R, EMPLOYER_PORTAL_VENDORS_ATTENDANCE: R, EMPLOYER_PORTAL_VENDORS_EMPLOYEES: R,
      EMPLOYER_PORTAL_VENDORS_PAYROLL: R, EMPLOYER_PORTAL_VENDORS_TRANSACTIONS: R,
    },
  },
  {
    value: '00000000-0000-4000-8000-000000000011',
    name: 'Vendor Admin',
    roleType: 'VENDOR',
    description: 'Everything inside one vendor: its admins, employees, attendance, payroll and transactions.',
    resources: {
      EMPLOYER_PORTAL_VENDORS_ADMIN: W, EMPLOYER_PORTAL_VENDORS_ATTENDANCE: W, EMPLOYER_PORTAL_VENDORS_EMPLOYEES: W,
      EMPLOYER_PORTAL_VENDORS_PAYROLL: W, EMPLOYER_PORTAL_VENDORS_TRANSACTIONS: W,
    },
  },
  {
    value: '00000000-0000-4000-8000-000000000012',
    name: 'Vendor Viewer',
    roleType: 'VENDOR',
    description: 'Reads everything inside one vendor.',
    resources: {
      EMPLOYER_PORTAL_VENDORS_ADMIN: R, EMPLOYER_PORTAL_VENDORS_ATTENDANCE: R, EMPLOYER_PORTAL_VENDORS_EMPLOYEES: R,
      EMPLOYER_PORTAL_VENDORS_PAYROLL: R, EMPLOYER_PORTAL_VENDORS_TRANSACTIONS: R,
    },
  },
];

export const ROLE_IDS = {
  superAdmin: SEED_ROLES[0]!.value,
  hrManager: SEED_ROLES[1]!.value,
  payrollManager: SEED_ROLES[2]!.value,
  viewer: SEED_ROLES[3]!.value,
  vendorAdmin: SEED_ROLES[4]!.value,
  vendorViewer: SEED_ROLES[5]!.value,
} as const;

/** Role choices in the admin form: vendor context shows only vendor roles, employer context the rest. */
export const rolesForContext = <T extends { roleType: RoleType }>(roles: readonly T[], vendorContext: boolean): T[] =>
  roles.filter((r) => (vendorContext ? r.roleType === 'VENDOR' : r.roleType === 'EMPLOYER'));
