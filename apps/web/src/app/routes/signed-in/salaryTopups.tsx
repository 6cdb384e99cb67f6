import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { SalaryTopupsPage } from '../../../features/salary-topups/salary-topups-page';

/** /salary-topups. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('TRANSACTIONS')}>
      <SalaryTopupsPage />
    </GuardedScreen>
  );
}
