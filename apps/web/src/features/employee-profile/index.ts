/** Employee profile (spec 2.6) in the employer and vendor contexts. */
export { EmployeeProfilePage } from './employee-profile-page';
