import { ProfilePage } from '../../../features/profile/profile-page';

/** /profile (spec 2.9). */
export function Component() {
  return <ProfilePage />;
}
