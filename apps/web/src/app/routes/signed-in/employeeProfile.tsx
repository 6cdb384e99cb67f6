import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { EmployeeProfilePage } from '../../../features/employee-profile/employee-profile-page';

/** /employeeProfile (spec 2.10). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('EMPLOYEES')}>
      <EmployeeProfilePage />
    </GuardedScreen>
  );
}
