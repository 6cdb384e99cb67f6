/** Employees list (spec 2.5, 4.6, 5.3) in the employer and vendor contexts. */
export { EmployeesPage } from './employees-page';
