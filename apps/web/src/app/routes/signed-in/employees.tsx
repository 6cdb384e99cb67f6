import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { EmployeesPage } from '../../../features/employees/employees-page';

/** /employees (spec 2.5). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('EMPLOYEES')}>
      <EmployeesPage />
    </GuardedScreen>
  );
}
