import { SettingsPage } from '../../../features/settings/settings-page';

/** /vendors/settings: a vendor's admins (the page checks its own permissions). */
export function Component() {
  return <SettingsPage />;
}
