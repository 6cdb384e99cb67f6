/**
 * Roles and permissions, spec section 6. The server's guard and the web app's visibility rules
 * both call these functions, so a rule exists once.
 */
export const ACCESS_TYPES = ['READ', 'WRITE'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const EMPLOYER_RESOURCES = [
  'EMPLOYER_PORTAL_ADMIN',
  'EMPLOYER_PORTAL_EMPLOYEES',
  'EMPLOYER_PORTAL_PAYROLL',
  'EMPLOYER_PORTAL_ATTENDANCE',
  'EMPLOYER_PORTAL_TRANSACTIONS',
  'EMPLOYER_PORTAL_RAW_FILES',
] as const;
export const VENDOR_RESOURCES = [
  'EMPLOYER_PORTAL_VENDORS_ADMIN',
  'EMPLOYER_PORTAL_VENDORS_ATTENDANCE',
  'EMPLOYER_PORTAL_VENDORS_EMPLOYEES',
  'EMPLOYER_PORTAL_VENDORS_PAYROLL',
  'EMPLOYER_PORTAL_VENDORS_TRANSACTIONS',
] as const;
export type EmployerResource = (typeof EMPLOYER_RESOURCES)[number];
export type VendorResource = (typeof VENDOR_RESOURCES)[number];
export type Resource = EmployerResource | VendorResource;

/** The areas of the product; each maps to an employer resource and (where one exists) a vendor resource. */
export type Area = 'ADMIN' | 'EMPLOYEES' | 'PAYROLL' | 'ATTENDANCE' | 'TRANSACTIONS' | 'RAW_FILES';
const AREA_RESOURCES: Record<Area, { employer: EmployerResource; vendor: VendorResource | null }> = {
  ADMIN: { employer: 'EMPLOYER_PORTAL_ADMIN', vendor: 'EMPLOYER_PORTAL_VENDORS_ADMIN' },
  EMPLOYEES: { employer: 'EMPLOYER_PORTAL_EMPLOYEES', vendor: 'EMPLOYER_PORTAL_VENDORS_EMPLOYEES' },
  PAYROLL: { employer: 'EMPLOYER_PORTAL_PAYROLL', vendor: 'EMPLOYER_PORTAL_VENDORS_PAYROLL' },
  ATTENDANCE: { employer: 'EMPLOYER_PORTAL_ATTENDANCE', vendor: 'EMPLOYER_PORTAL_VENDORS_ATTENDANCE' },
  TRANSACTIONS: { employer: 'EMPLOYER_PORTAL_TRANSACTIONS', vendor: 'EMPLOYER_PORTAL_VENDORS_TRANSACTIONS' },
  // Raw files of a vendor are the vendor's admin's business (decision 0012).
  RAW_FILES: { employer: 'EMPLOYER_PORTAL_RAW_FILES', vendor: 'EMPLOYER_PORTAL_VENDORS_ADMIN' },
};

/** "In vendor context the vendor resource is used instead." Null when the area has no vendor variant. */
export function resourceFor(area: Area, vendorContext: boolean): Resource | null {
  const r = AREA_RESOURCES[area];
  return vendorContext ? r.vendor : r.employer;
}

export type ResourceMap = Partial<Record<Resource, readonly AccessType[]>>;

/** WRITE also satisfies a READ requirement. */
export function hasAccess(resources: ResourceMap | null | undefined, resource: Resource | null, need: AccessType): boolean {
  if (!resources || !resource) return false;
  const held = resources[resource];
  if (!held || held.length === 0) return false;
  return need === 'READ' ? held.includes('READ') || held.includes('WRITE') : held.includes('WRITE');
}

export function canAccessArea(resources: ResourceMap | null | undefined, area: Area, need: AccessType, vendorContext = false): boolean {
  return hasAccess(resources, resourceFor(area, vendorContext), need);
}

export const hasAnyEmployerRead = (resources: ResourceMap | null | undefined): boolean =>
  EMPLOYER_RESOURCES.some((r) => hasAccess(resources, r, 'READ'));
export const hasAnyVendorRead = (resources: ResourceMap | null | undefined): boolean =>
  VENDOR_RESOURCES.some((r) => hasAccess(resources, r, 'READ'));

/** Union of several role maps (an admin may hold several roles). */
export function mergeResources(maps: readonly ResourceMap[]): ResourceMap {
  const out: Partial<Record<Resource, AccessType[]>> = {};
  for (const map of maps) {
    for (const [res, types] of Object.entries(map) as [Resource, readonly AccessType[]][]) {
      const set = new Set([...(out[res] ?? []), ...types]);
      out[res] = ACCESS_TYPES.filter((t) => set.has(t));
    }
  }
  return out;
}

/** 2.3: after login, a user with vendor access but no employer access goes to vendors. */
export function landingPath(resources: ResourceMap | null | undefined): string {
  if (!hasAnyEmployerRead(resources) && hasAnyVendorRead(resources)) return '/vendors';
  return '/dashboard';
}

export interface MenuContext {
  resources: ResourceMap | null | undefined;
  isEmployeeApprovalEnabled: boolean;
  fileUploadLinkEnabled: boolean;
}
export type MenuKey =
  | 'dashboard'
  | 'employees'
  | 'attendance'
  | 'payroll'
  | 'userVerification'
  | 'ewaRequests'
  | 'transactions'
  | 'salaryTopups'
  | 'vendors'
  | 'settings'
  | 'analyticsDashboard'
  | 'fileUpload';

/** 2.3: which side-menu entries a user sees. */
export function visibleMenu(ctx: MenuContext): Record<MenuKey, boolean> {
  const r = ctx.resources;
  const employerRead = hasAnyEmployerRead(r);
  return {
    dashboard: employerRead,
    employees: hasAccess(r, 'EMPLOYER_PORTAL_EMPLOYEES', 'READ'),
    attendance: hasAccess(r, 'EMPLOYER_PORTAL_ATTENDANCE', 'READ'),
    payroll: hasAccess(r, 'EMPLOYER_PORTAL_PAYROLL', 'READ'),
    userVerification: ctx.isEmployeeApprovalEnabled && hasAccess(r, 'EMPLOYER_PORTAL_EMPLOYEES', 'READ'),
    // Issue 13 (decision 0024): advances wait for the employer only with approval on.
    ewaRequests: ctx.isEmployeeApprovalEnabled && hasAccess(r, 'EMPLOYER_PORTAL_TRANSACTIONS', 'READ'),
    transactions: hasAccess(r, 'EMPLOYER_PORTAL_TRANSACTIONS', 'READ'),
    salaryTopups: hasAccess(r, 'EMPLOYER_PORTAL_TRANSACTIONS', 'READ'),
    vendors: hasAnyVendorRead(r),
    settings: hasAccess(r, 'EMPLOYER_PORTAL_ADMIN', 'READ'),
    analyticsDashboard: employerRead,
    fileUpload: ctx.fileUploadLinkEnabled && hasAccess(r, 'EMPLOYER_PORTAL_RAW_FILES', 'WRITE'),
  };
}

/** Vendor sub-navigation tabs (2.2): each shown only with READ on its vendor resource. */
export const VENDOR_TABS = [
  { key: 'summary', label: 'Dashboard', resource: null },
  { key: 'employees', label: 'Employees', resource: 'EMPLOYER_PORTAL_VENDORS_EMPLOYEES' },
  { key: 'attendance', label: 'Attendance', resource: 'EMPLOYER_PORTAL_VENDORS_ATTENDANCE' },
  { key: 'transactions', label: 'Transactions', resource: 'EMPLOYER_PORTAL_VENDORS_TRANSACTIONS' },
  /** The vendor's payroll lives on the payroll screens, in the vendor's context. */
  { key: 'payroll', label: 'Payroll', resource: 'EMPLOYER_PORTAL_VENDORS_PAYROLL', path: '/payroll' },
  /** The vendor's advance requests (issue 13), only while the employer's approval is on. */
  { key: 'ewaRequests', label: 'EWA Requests', resource: 'EMPLOYER_PORTAL_VENDORS_TRANSACTIONS', path: '/ewa-request', needsApproval: true },
  { key: 'settings', label: 'Settings', resource: 'EMPLOYER_PORTAL_VENDORS_ADMIN' },
] as const;
export function visibleVendorTabs(resources: ResourceMap | null | undefined, options: { isEmployeeApprovalEnabled?: boolean } = {}) {
  // The vendor dashboard shows stats from any vendor resource, so it needs READ on any of them.
  return VENDOR_TABS.filter(
    (t) => (!('needsApproval' in t) || options.isEmployeeApprovalEnabled === true) && (t.resource ? hasAccess(resources, t.resource, 'READ') : hasAnyVendorRead(resources)),
  );
}

/**
 * Vendor scoping: an admin whose departmentId carries a vendor id works only inside that vendor;
 * other admins with vendor resources may enter every vendor of their employer.
 */
export function canEnterVendor(admin: { departmentId: string | null; resources: ResourceMap }, vendorId: string): boolean {
  if (!hasAnyVendorRead(admin.resources)) return false;
  return admin.departmentId === null || admin.departmentId === vendorId;
}

export const ROLE_TYPES = ['EMPLOYER', 'VENDOR'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];
