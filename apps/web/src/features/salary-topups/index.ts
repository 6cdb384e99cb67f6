/** Salary Topups (spec 2.12). */
export { SalaryTopupsPage } from './salary-topups-page';
