/** Settings: the admin users of the employer or of a vendor (spec 2.16). */
export { SettingsPage } from './settings-page';
