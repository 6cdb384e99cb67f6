/** Settings: the admin users of the employer or of a vendor (spec 2.16), the vendor's admin activities, and the activity trail (decision 0017). */
export { SettingsPage } from './settings-page';
export { ActivityTrailPage } from './activity-trail-page';
