/**
 * Every route of the spec (2.1, 2.2). Signed-out pages come from the auth feature; signed-in pages
 * sit inside the shell's guard and carry their screen title in `handle`. Screens of later releases
 * show the title, their permission check and a neutral line.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  EmailActionPage,
  ForgotPasswordPage,
  MfaRegisterPage,
  OtpVerificationPage,
  ResendEmailPage,
} from '../features/auth';
import { AttendancePage, LeavePage } from '../features/attendance';
import { EmployeesPage } from '../features/employees';
import { EmployeeProfilePage } from '../features/employee-profile';
import { DashboardPage } from '../features/dashboard';
import { PayoutPage, PayrollPage, UploadSummaryPage } from '../features/payroll';
import { ProfilePage } from '../features/profile';
import { SalaryTopupsPage } from '../features/salary-topups';
import { ActivityTrailPage, SettingsPage } from '../features/settings';
import { VendorCardsPage } from '../features/vendors';
import { AnalyticsPage } from '../features/analytics';
import { RawFileLinkPage } from '../features/documents';
import { SignedInLayout, VendorFrame, VendorLayout, type RouteHandle } from '../features/shell';
import { TransactionsPage } from '../features/transactions';
import { UserVerificationPage } from '../features/user-verification';
import { EwaRequestsPage } from '../features/ewa-requests';
import { hasAnyEmployerRead, hasAnyVendorRead } from '@portal/domain';
import { RootRoute } from './root-route';
import { DashboardScreen } from './screens/dashboard-screen';
import { DocumentUploadScreen } from './screens/document-upload-screen';
import { GuardedScreen, areaRule, type AccessContext } from './screens/guarded-screen';
import { NotFoundScreen } from './screens/not-found-screen';

const handle = (title: string): RouteHandle => ({ title });
const anyEmployerRead = ({ profile }: AccessContext) => hasAnyEmployerRead(profile.resources);
const anyVendorRead = ({ profile }: AccessContext) => hasAnyVendorRead(profile.resources);

/** Route paths held as constants (spec 2.2: the payroll nested paths among them). */
export const PATHS = {
  root: '/',
  forgotPassword: '/forgotPassword',
  resendEmail: '/resendEmail',
  emailAction: '/auth/action',
  mfaRegister: '/mfa-register',
  otpVerification: '/otp-verification',
  dashboard: '/dashboard',
  vendors: '/vendors',
  attendance: '/attendance',
  employees: '/employees',
  payroll: '/payroll',
  payrollUploadSummary: '/payroll/uploadSummary',
  payrollSummary: '/payroll/summary',
  leave: '/leave',
  profile: '/profile',
  documentUpload: '/documentUpload',
  employeeProfile: '/employeeProfile',
  employerTransactions: '/employerTransactions',
  salaryTopups: '/salary-topups',
  settings: '/settings',
  userVerification: '/user-verification',
  ewaRequest: '/ewa-request',
  analyticsDashboard: '/analytics-dashboard',
  activityTrail: '/settings/activity',
  fileUploadLink: '/file-upload',
} as const;

const signedIn: RouteObject[] = [
  { path: PATHS.dashboard, handle: handle('Dashboard'), element: <DashboardScreen /> },
  {
    path: PATHS.vendors,
    element: <VendorLayout />,
    handle: handle('Vendors'),
    children: [
      {
        index: true,
        element: (
          <GuardedScreen allowed={anyVendorRead}>
            <VendorCardsPage />
          </GuardedScreen>
        ),
      },
      {
        path: 'summary',
        handle: handle('Vendor Dashboard'),
        element: (
          <GuardedScreen allowed={anyVendorRead}>
            <DashboardPage />
          </GuardedScreen>
        ),
      },
      {
        path: 'employees',
        handle: handle('Vendor Employees'),
        element: (
          <GuardedScreen allowed={areaRule('EMPLOYEES')}>
            <EmployeesPage />
          </GuardedScreen>
        ),
      },
      {
        path: 'transactions',
        handle: handle('Vendor Transactions'),
        element: (
          <GuardedScreen allowed={areaRule('TRANSACTIONS')}>
            <TransactionsPage />
          </GuardedScreen>
        ),
      },
      {
        path: 'attendance',
        handle: handle('Vendor Attendance'),
        element: (
          <GuardedScreen allowed={areaRule('ATTENDANCE')}>
            <AttendancePage />
          </GuardedScreen>
        ),
      },
      { path: 'settings', handle: handle('Vendor Settings'), element: <SettingsPage /> },
      {
        path: 'employeeProfile',
        handle: handle('Employee Profile'),
        element: (
          <GuardedScreen allowed={areaRule('EMPLOYEES')}>
            <EmployeeProfilePage />
          </GuardedScreen>
        ),
      },
    ],
  },
  {
    path: PATHS.attendance,
    handle: handle('Attendance'),
    element: (
      <GuardedScreen allowed={areaRule('ATTENDANCE')}>
        <AttendancePage />
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.employees,
    handle: handle('Employees'),
    element: (
      <GuardedScreen allowed={areaRule('EMPLOYEES')}>
        <EmployeesPage />
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.payroll,
    handle: handle('Payroll'),
    element: (
      <GuardedScreen allowed={areaRule('PAYROLL')}>
        <VendorFrame>
          <PayrollPage />
        </VendorFrame>
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.payrollUploadSummary,
    handle: handle('Payroll Summary'),
    element: (
      <GuardedScreen allowed={areaRule('PAYROLL')}>
        <VendorFrame>
          <UploadSummaryPage />
        </VendorFrame>
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.payrollSummary,
    handle: handle('Payroll Payout'),
    element: (
      <GuardedScreen allowed={areaRule('PAYROLL')}>
        <VendorFrame>
          <PayoutPage />
        </VendorFrame>
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.leave,
    handle: handle('Leave'),
    element: (
      <GuardedScreen allowed={areaRule('ATTENDANCE')}>
        <LeavePage />
      </GuardedScreen>
    ),
  },
  { path: PATHS.profile, handle: handle('Profile'), element: <ProfilePage /> },
  { path: PATHS.documentUpload, handle: handle('Document Upload'), element: <DocumentUploadScreen /> },
  {
    path: PATHS.employeeProfile,
    handle: handle('Employee Profile'),
    element: (
      <GuardedScreen allowed={areaRule('EMPLOYEES')}>
        <EmployeeProfilePage />
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.employerTransactions,
    handle: handle('Transactions'),
    element: (
      <GuardedScreen allowed={areaRule('TRANSACTIONS')}>
        <TransactionsPage />
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.salaryTopups,
    handle: handle('Salary Topups'),
    element: (
      <GuardedScreen allowed={areaRule('TRANSACTIONS')}>
        <SalaryTopupsPage />
      </GuardedScreen>
    ),
  },
  { path: PATHS.settings, handle: handle('Settings'), element: <SettingsPage /> },
  {
    path: PATHS.activityTrail,
    handle: handle('Activity Trail'),
    element: (
      <GuardedScreen allowed={areaRule('ADMIN')}>
        <ActivityTrailPage />
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.userVerification,
    handle: handle('User Verification'),
    element: (
      <GuardedScreen allowed={areaRule('EMPLOYEES')}>
        <UserVerificationPage />
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.ewaRequest,
    handle: handle('EWA Requests'),
    element: (
      <GuardedScreen allowed={areaRule('TRANSACTIONS')}>
        <VendorFrame>
          <EwaRequestsPage />
        </VendorFrame>
      </GuardedScreen>
    ),
  },
  {
    path: PATHS.analyticsDashboard,
    handle: handle('Analytics Dashboard'),
    element: (
      <GuardedScreen allowed={anyEmployerRead}>
        <AnalyticsPage />
      </GuardedScreen>
    ),
  },
  { path: '*', handle: handle('Page not found'), element: <NotFoundScreen /> },
];

export const routes: RouteObject[] = [
  { path: PATHS.root, element: <RootRoute /> },
  { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
  { path: PATHS.resendEmail, element: <ResendEmailPage /> },
  { path: PATHS.emailAction, element: <EmailActionPage /> },
  { path: PATHS.mfaRegister, element: <MfaRegisterPage /> },
  { path: PATHS.otpVerification, element: <OtpVerificationPage /> },
  // The File Upload link's page (spec 2.3): outside the signed-in app, authorised by its token.
  { path: PATHS.fileUploadLink, element: <RawFileLinkPage /> },
  { element: <SignedInLayout />, children: signedIn },
];

export const createRouter = () => createBrowserRouter(routes);
