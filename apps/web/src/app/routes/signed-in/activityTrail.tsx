import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { ActivityTrailPage } from '../../../features/settings/activity-trail-page';

/** /settings/activity: the activity trail, for admin readers. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('ADMIN')}>
      <ActivityTrailPage />
    </GuardedScreen>
  );
}
