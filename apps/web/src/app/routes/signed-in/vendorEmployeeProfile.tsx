import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { EmployeeProfilePage } from '../../../features/employee-profile/employee-profile-page';

/** /vendors/employeeProfile: a vendor worker's profile. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('EMPLOYEES')}>
      <EmployeeProfilePage />
    </GuardedScreen>
  );
}
