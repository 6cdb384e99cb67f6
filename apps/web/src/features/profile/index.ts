/** The signed-in admin's own profile and password change (spec 2.15). */
export { ProfilePage } from './profile-page';
