import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { TransactionsPage } from '../../../features/transactions/transactions-page';

/** /employerTransactions (spec 2.11). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('TRANSACTIONS')}>
      <TransactionsPage />
    </GuardedScreen>
  );
}
