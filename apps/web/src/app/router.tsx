/**
 * Every route of the spec (2.1, 2.2). Signed-out pages come from the auth feature; signed-in pages
 * sit inside the shell's guard and carry their screen title in `handle`. Screens of later releases
 * show the title, their permission check and a neutral line.
 *
 * Only the sign-in page (`/`) is in the first bundle: every other page, and the signed-in frame,
 * loads with the route's `lazy` from ./routes/<signed-in|signed-out>/<PATHS key>.tsx, where each
 * screen's permission guard sits next to its page. A page opened directly shows FullPageLoader while
 * its code loads; moving between pages keeps the current one (with a bar at the top) until the next
 * is ready. bench/web.bench.ts measures each route's JavaScript by these file names. /dashboard,
 * /employees, /payroll and /ewa-request also have a loader that asks for the page's data while its
 * code loads (./route-data, decision 0041).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { uploadOutcomesQuery } from '../shared/api/upload-outcome-list';
import { employerConfigQuery, employerInfoQuery, profileQuery } from '../shared/auth/profile';
import { getToken } from '../shared/auth/token';
import type { RouteHandle } from '../features/shell/route-handle';
import type { PrefetchedRoute } from './route-data';
import { FullPageLoader } from './full-page-loader';
import { inNextTask, inOwnTask } from './next-task';
import { PATHS } from './paths';
import { RootRoute } from './root-route';

export { PATHS };

const handle = (title: string): RouteHandle => ({ title });
/** What a lazily loaded page shows when it is the first page opened: no blank screen. */
const firstLoad = { hydrateFallbackElement: <FullPageLoader /> };

/**
 * A page's data asked for while its code loads, not after it (issue 24, decision 0041): the route's
 * loader starts its prefetch (app/route-data/, one small chunk, which the server preloads with the
 * page's) and returns at once, so navigation never waits for its list. A page whose layout is drawn
 * from a small answer (the employees list's columns and toolbar from the employer's metadata) waits
 * for that answer, at most LAYOUT_WAIT_MS, so it does not first show one layout and then shift to
 * another when the answer comes. That wait counts from the admin's profile: the frame draws nothing
 * before it anyway, and every page's prefetch starts with it (its permission check), so a page
 * whose answers come one after another (/payroll: the payroll info, then the month's figures) is
 * not cut short by the time the profile took.
 */
const LAYOUT_WAIT_MS = 2_000;
const dataOf =
  (queryClient: QueryClient | undefined, route: PrefetchedRoute, waitForLayout = false) =>
  async ({ request }: { request: Request }) => {
    if (!queryClient || !getToken()) return null;
    await inNextTask(() => undefined); // (the router's start in pieces: app/next-task.ts)
    const prefetched = import('./route-data').then((m) => m.prefetchers[route](queryClient, new URL(request.url))).catch(() => undefined);
    if (waitForLayout) {
      await queryClient.ensureQueryData(profileQuery()).catch(() => undefined);
      await Promise.race([prefetched, new Promise((resolve) => setTimeout(resolve, LAYOUT_WAIT_MS))]);
    }
    return null;
  };

const signedInRoutes = (queryClient?: QueryClient): RouteObject[] => [
  { path: PATHS.dashboard, handle: handle('Dashboard'), loader: dataOf(queryClient, 'dashboard'), lazy: inOwnTask(() => import('./routes/signed-in/dashboard')) },
  {
    path: PATHS.vendors,
    lazy: inOwnTask(() => import('./routes/signed-in/vendorLayout')),
    handle: handle('Vendors'),
    children: [
      { index: true, lazy: inOwnTask(() => import('./routes/signed-in/vendors')) },
      { path: 'summary', handle: handle('Vendor Dashboard'), lazy: inOwnTask(() => import('./routes/signed-in/vendorSummary')) },
      { path: 'employees', handle: handle('Vendor Employees'), lazy: inOwnTask(() => import('./routes/signed-in/vendorEmployees')) },
      { path: 'transactions', handle: handle('Vendor Transactions'), lazy: inOwnTask(() => import('./routes/signed-in/vendorTransactions')) },
      { path: 'attendance', handle: handle('Vendor Attendance'), lazy: inOwnTask(() => import('./routes/signed-in/vendorAttendance')) },
      { path: 'settings', handle: handle('Vendor Settings'), lazy: inOwnTask(() => import('./routes/signed-in/vendorSettings')) },
      { path: 'employeeProfile', handle: handle('Employee Profile'), lazy: inOwnTask(() => import('./routes/signed-in/vendorEmployeeProfile')) },
    ],
  },
  { path: PATHS.attendance, handle: handle('Attendance'), lazy: inOwnTask(() => import('./routes/signed-in/attendance')) },
  { path: PATHS.employees, handle: handle('Employees'), loader: dataOf(queryClient, 'employees', true), lazy: inOwnTask(() => import('./routes/signed-in/employees')) },
  { path: PATHS.payroll, handle: handle('Payroll'), loader: dataOf(queryClient, 'payroll', true), lazy: inOwnTask(() => import('./routes/signed-in/payroll')) },
  { path: PATHS.payrollUploadSummary, handle: handle('Payroll Summary'), lazy: inOwnTask(() => import('./routes/signed-in/payrollUploadSummary')) },
  { path: PATHS.payrollSummary, handle: handle('Payroll Payout'), lazy: inOwnTask(() => import('./routes/signed-in/payrollSummary')) },
  { path: PATHS.leave, handle: handle('Leave'), lazy: inOwnTask(() => import('./routes/signed-in/leave')) },
  { path: PATHS.profile, handle: handle('Profile'), lazy: inOwnTask(() => import('./routes/signed-in/profile')) },
  { path: PATHS.documentUpload, handle: handle('Document Upload'), lazy: inOwnTask(() => import('./routes/signed-in/documentUpload')) },
  { path: PATHS.employeeProfile, handle: handle('Employee Profile'), lazy: inOwnTask(() => import('./routes/signed-in/employeeProfile')) },
  { path: PATHS.employerTransactions, handle: handle('Transactions'), lazy: inOwnTask(() => import('./routes/signed-in/employerTransactions')) },
  { path: PATHS.salaryTopups, handle: handle('Salary Topups'), lazy: inOwnTask(() => import('./routes/signed-in/salaryTopups')) },
  // `*`: Settings' API keys and webhooks (issue 26), loaded by the settings module (no route of their own in the sign-in bundle).
  { path: '/settings/*', handle: handle('Settings'), lazy: inOwnTask(() => import('./routes/signed-in/settings')) },
  { path: PATHS.activityTrail, handle: handle('Activity Trail'), lazy: inOwnTask(() => import('./routes/signed-in/activityTrail')) },
  { path: PATHS.userVerification, handle: handle('User Verification'), lazy: inOwnTask(() => import('./routes/signed-in/userVerification')) },
  { path: PATHS.ewaRequest, handle: handle('EWA Requests'), loader: dataOf(queryClient, 'ewaRequest'), lazy: inOwnTask(() => import('./routes/signed-in/ewaRequest')) },
  { path: PATHS.analyticsDashboard, handle: handle('Analytics Dashboard'), lazy: inOwnTask(() => import('./routes/signed-in/analyticsDashboard')) },
  { path: '*', handle: handle('Page not found'), lazy: inOwnTask(() => import('./routes/signed-in/notFound')) },
];

/**
 * The routes; with the app's query cache, opening a signed-in page asks for the admin's profile (which
 * the frame waits for) while the frame's and the screen's code load, rather than after.
 */
export const routesOf = (queryClient?: QueryClient): RouteObject[] => [
  { path: PATHS.root, element: <RootRoute /> },
  { path: PATHS.forgotPassword, ...firstLoad, lazy: inOwnTask(() => import('./routes/signed-out/forgotPassword')) },
  { path: PATHS.resendEmail, ...firstLoad, lazy: inOwnTask(() => import('./routes/signed-out/resendEmail')) },
  { path: PATHS.emailAction, ...firstLoad, lazy: inOwnTask(() => import('./routes/signed-out/emailAction')) },
  { path: PATHS.mfaRegister, ...firstLoad, lazy: inOwnTask(() => import('./routes/signed-out/mfaRegister')) },
  { path: PATHS.otpVerification, ...firstLoad, lazy: inOwnTask(() => import('./routes/signed-out/otpVerification')) },
  // The File Upload link's page (spec 2.3): outside the signed-in app, authorised by its token.
  { path: PATHS.fileUploadLink, ...firstLoad, lazy: inOwnTask(() => import('./routes/signed-out/fileUploadLink')) },
  // The signed-in frame: its guard and shell (routes/signed-in/layout.tsx) around every signed-in screen.
  {
    ...firstLoad,
    loader: () =>
      inNextTask(() => {
        if (queryClient && getToken()) {
          void queryClient.prefetchQuery(profileQuery());
          void queryClient.prefetchQuery(employerConfigQuery());
          // The frame waits for the outcomes too (features/shell/signed-in-layout.tsx): asked for at once.
          void queryClient.prefetchQuery(uploadOutcomesQuery());
          // The employer's name (side menu, account menu): asked for with the rest, so that the frame
          // is drawn with it; asked for by the menus as they mounted, it came last and drew them
          // again, a task of 57-69 ms on a phone's CPU (issue 24).
          void queryClient.prefetchQuery(employerInfoQuery());
        }
        return null;
      }),
    shouldRevalidate: () => false,
    lazy: inOwnTask(() => import('./routes/signed-in/layout')),
    children: signedInRoutes(queryClient),
  },
];

export const createRouter = (queryClient?: QueryClient) => createBrowserRouter(routesOf(queryClient));
