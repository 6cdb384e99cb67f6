import { describe, expect, it } from 'vitest';
import {
  ROLE_IDS,
  SEED_ROLES,
  canAccessArea,
  canEnterVendor,
  hasAccess,
  landingPath,
  mergeResources,
  resourceFor,
  rolesForContext,
  visibleMenu,
  visibleVendorTabs,
  type ResourceMap,
} from './index.js';

const role = (id: string): ResourceMap => SEED_ROLES.find((r) => r.value === id)!.resources;

describe('READ and WRITE', () => {
  it('WRITE satisfies READ, READ does not satisfy WRITE', () => {
    const r: ResourceMap = { EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'], EMPLOYER_PORTAL_PAYROLL: ['READ'] };
    expect(hasAccess(r, 'EMPLOYER_PORTAL_EMPLOYEES', 'READ')).toBe(true);
    expect(hasAccess(r, 'EMPLOYER_PORTAL_EMPLOYEES', 'WRITE')).toBe(true);
    expect(hasAccess(r, 'EMPLOYER_PORTAL_PAYROLL', 'READ')).toBe(true);
    expect(hasAccess(r, 'EMPLOYER_PORTAL_PAYROLL', 'WRITE')).toBe(false);
    expect(hasAccess(r, 'EMPLOYER_PORTAL_ADMIN', 'READ')).toBe(false);
    expect(hasAccess(null, 'EMPLOYER_PORTAL_ADMIN', 'READ')).toBe(false);
    expect(hasAccess({ EMPLOYER_PORTAL_ADMIN: [] }, 'EMPLOYER_PORTAL_ADMIN', 'READ')).toBe(false);
  });
  it('uses the vendor resource in vendor context', () => {
    expect(resourceFor('EMPLOYEES', false)).toBe('EMPLOYER_PORTAL_EMPLOYEES');
    expect(resourceFor('EMPLOYEES', true)).toBe('EMPLOYER_PORTAL_VENDORS_EMPLOYEES');
    expect(resourceFor('ADMIN', true)).toBe('EMPLOYER_PORTAL_VENDORS_ADMIN');
    expect(resourceFor('RAW_FILES', true)).toBe('EMPLOYER_PORTAL_VENDORS_ADMIN');
    const vendorOnly = role(ROLE_IDS.vendorAdmin);
    expect(canAccessArea(vendorOnly, 'EMPLOYEES', 'WRITE', true)).toBe(true);
    expect(canAccessArea(vendorOnly, 'EMPLOYEES', 'READ', false)).toBe(false);
  });
  it('merges several roles', () => {
    expect(mergeResources([{ EMPLOYER_PORTAL_ADMIN: ['READ'] }, { EMPLOYER_PORTAL_ADMIN: ['WRITE'], EMPLOYER_PORTAL_PAYROLL: ['READ'] }])).toEqual({
      EMPLOYER_PORTAL_ADMIN: ['READ', 'WRITE'],
      EMPLOYER_PORTAL_PAYROLL: ['READ'],
    });
  });
});

describe('where a user lands and what the menu shows', () => {
  it('sends a vendor-only user to /vendors and everyone else to the dashboard', () => {
    expect(landingPath(role(ROLE_IDS.vendorAdmin))).toBe('/vendors');
    expect(landingPath(role(ROLE_IDS.superAdmin))).toBe('/dashboard');
    expect(landingPath(role(ROLE_IDS.payrollManager))).toBe('/dashboard');
  });
  it('shows Dashboard with any employer READ and Vendors with any vendor READ', () => {
    const menu = visibleMenu({ resources: role(ROLE_IDS.vendorViewer), isEmployeeApprovalEnabled: true, fileUploadLinkEnabled: true });
    expect(menu.dashboard).toBe(false);
    expect(menu.vendors).toBe(true);
    expect(menu.employees).toBe(false);
    const payroll = visibleMenu({ resources: role(ROLE_IDS.payrollManager), isEmployeeApprovalEnabled: false, fileUploadLinkEnabled: false });
    expect(payroll.dashboard).toBe(true);
    expect(payroll.settings).toBe(false);
    expect(payroll.payroll).toBe(true);
    expect(payroll.userVerification).toBe(false);
  });
  it('shows User Verification only when approval is enabled, and File Upload only when configured', () => {
    const r = role(ROLE_IDS.superAdmin);
    expect(visibleMenu({ resources: r, isEmployeeApprovalEnabled: true, fileUploadLinkEnabled: false }).userVerification).toBe(true);
    expect(visibleMenu({ resources: r, isEmployeeApprovalEnabled: false, fileUploadLinkEnabled: false }).userVerification).toBe(false);
    expect(visibleMenu({ resources: r, isEmployeeApprovalEnabled: false, fileUploadLinkEnabled: true }).fileUpload).toBe(true);
    expect(visibleMenu({ resources: r, isEmployeeApprovalEnabled: false, fileUploadLinkEnabled: false }).fileUpload).toBe(false);
  });
  it('shows each vendor tab only with READ on its vendor resource', () => {
    const tabs = visibleVendorTabs({ EMPLOYER_PORTAL_VENDORS_EMPLOYEES: ['READ'] }).map((t) => t.label);
    expect(tabs).toEqual(['Dashboard', 'Employees']);
    expect(visibleVendorTabs(role(ROLE_IDS.vendorAdmin)).map((t) => t.label)).toEqual(['Dashboard', 'Employees', 'Attendance', 'Transactions', 'Payroll', 'Settings']);
    expect(visibleVendorTabs(role(ROLE_IDS.payrollManager)).map((t) => t.label)).toEqual(['Dashboard', 'Transactions', 'Payroll']);
  });
  it('shows EWA Requests (menu and vendor tab) only with approval on and READ on transactions (issue 13)', () => {
    const on = { isEmployeeApprovalEnabled: true, fileUploadLinkEnabled: false };
    expect(visibleMenu({ resources: role(ROLE_IDS.viewer), ...on }).ewaRequests).toBe(true);
    expect(visibleMenu({ resources: role(ROLE_IDS.viewer), ...on, isEmployeeApprovalEnabled: false }).ewaRequests).toBe(false);
    expect(visibleMenu({ resources: { EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'] }, ...on }).ewaRequests).toBe(false);
    expect(visibleVendorTabs(role(ROLE_IDS.vendorAdmin), { isEmployeeApprovalEnabled: true }).map((t) => t.label)).toEqual([
      'Dashboard', 'Employees', 'Attendance', 'Transactions', 'Payroll', 'EWA Requests', 'Settings',
    ]);
    expect(visibleVendorTabs({ EMPLOYER_PORTAL_VENDORS_EMPLOYEES: ['READ'] }, { isEmployeeApprovalEnabled: true }).map((t) => t.label)).toEqual(['Dashboard', 'Employees']);
  });
});

describe('vendor scoping and role choices', () => {
  it('binds a vendor admin to its vendor; employer admins with vendor READ enter any vendor', () => {
    const vendorAdmin = { departmentId: 'v1', resources: role(ROLE_IDS.vendorAdmin) };
    expect(canEnterVendor(vendorAdmin, 'v1')).toBe(true);
    expect(canEnterVendor(vendorAdmin, 'v2')).toBe(false);
    expect(canEnterVendor({ departmentId: null, resources: role(ROLE_IDS.superAdmin) }, 'v2')).toBe(true);
    expect(canEnterVendor({ departmentId: null, resources: { EMPLOYER_PORTAL_ADMIN: ['WRITE'] } }, 'v2')).toBe(false);
  });
  it('offers vendor roles in vendor context and the rest in employer context', () => {
    expect(rolesForContext(SEED_ROLES, true).map((r) => r.name)).toEqual(['Vendor Admin', 'Vendor Viewer']);
    expect(rolesForContext(SEED_ROLES, false).map((r) => r.name)).toEqual(['Super Admin', 'HR Manager', 'Payroll Manager', 'Viewer']);
  });
});
