/** Dashboard (spec 2.4): the employer's at /dashboard and a vendor's at /vendors/summary. */
export { DashboardPage } from './dashboard-page';
