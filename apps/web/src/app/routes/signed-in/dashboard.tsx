import { DashboardScreen } from '../../screens/dashboard-screen';

/** /dashboard (spec 2.4): the dashboard in the employer context. */
export function Component() {
  return <DashboardScreen />;
}
