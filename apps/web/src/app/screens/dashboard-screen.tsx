import { DashboardPage } from '../../features/dashboard/dashboard-page';

/** Dashboard (spec 2.4): the dashboard feature in the employer context (the vendor's sits at /vendors/summary). */
export function DashboardScreen() {
  return <DashboardPage />;
}
