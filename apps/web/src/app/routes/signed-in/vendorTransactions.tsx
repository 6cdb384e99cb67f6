import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { TransactionsPage } from '../../../features/transactions/transactions-page';

/** /vendors/transactions: a vendor's transactions. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('TRANSACTIONS')}>
      <TransactionsPage />
    </GuardedScreen>
  );
}
