import { SettingsPage } from '../../../features/settings/settings-page';

/** /settings (spec 2.13; the page checks its own permissions). */
export function Component() {
  return <SettingsPage />;
}
