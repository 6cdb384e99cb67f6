/**
 * The side menu's entries (spec 2.3) and which one a location belongs to. Visibility comes from
 * the domain's visibleMenu(); this file only knows paths and labels.
 */
import { FILE_UPLOAD_PAGE_PATH, type MenuKey } from '@portal/domain';
import { vendorIdOf } from '../../shared/auth/vendor-context';

export interface MenuEntry {
  key: MenuKey;
  label: string;
  to: string;
  /** Path prefixes that count as this entry for highlighting. */
  match: readonly string[];
  /** Opens outside the portal's navigation (a new tab). */
  external?: boolean;
}

/**
 * File Upload is an external link carrying a token query (spec 2.3): the portal's standalone page,
 * opened with a fresh token at each click (file-upload-link.ts).
 */
export const FILE_UPLOAD_LINK = FILE_UPLOAD_PAGE_PATH;

export const MENU: readonly MenuEntry[] = [
  { key: 'dashboard', label: 'Dashboard', to: '/dashboard', match: ['/dashboard'] },
  { key: 'employees', label: 'Employees', to: '/employees', match: ['/employees', '/employeeProfile'] },
  { key: 'attendance', label: 'Attendance', to: '/attendance', match: ['/attendance', '/leave'] },
  { key: 'payroll', label: 'Payroll', to: '/payroll', match: ['/payroll'] },
  { key: 'userVerification', label: 'User Verification', to: '/user-verification', match: ['/user-verification'] },
  { key: 'ewaRequests', label: 'EWA Requests', to: '/ewa-request', match: ['/ewa-request'] },
  { key: 'transactions', label: 'Transactions', to: '/employerTransactions', match: ['/employerTransactions'] },
  { key: 'salaryTopups', label: 'Salary Topups', to: '/salary-topups', match: ['/salary-topups'] },
  { key: 'vendors', label: 'Vendors', to: '/vendors', match: ['/vendors'] },
  { key: 'settings', label: 'Settings', to: '/settings', match: ['/settings'] },
  { key: 'analyticsDashboard', label: 'Analytics Dashboard', to: '/analytics-dashboard', match: ['/analytics-dashboard'] },
  { key: 'fileUpload', label: 'File Upload', to: FILE_UPLOAD_LINK, match: [], external: true },
];

const DOCUMENT_MENU: Record<string, MenuKey> = {
  ADD_EMPLOYEES_BULK_UPLOAD: 'employees',
  TERMINATED_EMPLOYEES_UPLOAD: 'employees',
  ATTENDANCE_UPLOAD: 'attendance',
  PAYROLL_UPLOAD: 'payroll',
  PAYROLL_STREAMING_ACCOUNT: 'payroll',
};

const underPrefix = (pathname: string, prefix: string): boolean => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The menu entry a location belongs to: anything in vendor context is Vendors; uploads follow their document. */
export function activeMenuKey(pathname: string, search: string): MenuKey | null {
  const params = new URLSearchParams(search);
  if (vendorIdOf(params)) return 'vendors';
  if (underPrefix(pathname, '/documentUpload')) return DOCUMENT_MENU[params.get('document') ?? ''] ?? null;
  return MENU.find((entry) => entry.match.some((prefix) => underPrefix(pathname, prefix)))?.key ?? null;
}

/**
 * 2.3: a user with vendor access but no employer access works in vendors only. A location is
 * employer-only unless it is under /vendors, carries a vendorId, or is the admin's own profile.
 */
export function isEmployerOnlyLocation(pathname: string, search: string): boolean {
  if (underPrefix(pathname, '/vendors') || underPrefix(pathname, '/profile')) return false;
  return !vendorIdOf(new URLSearchParams(search));
}
