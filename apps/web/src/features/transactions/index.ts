/** Transactions (spec 2.13) in the employer and vendor contexts. */
export { TransactionsPage } from './transactions-page';
