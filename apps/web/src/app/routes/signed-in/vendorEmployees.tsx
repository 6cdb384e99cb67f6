import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { EmployeesPage } from '../../../features/employees/employees-page';

/** /vendors/employees: a vendor's employees. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('EMPLOYEES')}>
      <EmployeesPage />
    </GuardedScreen>
  );
}
