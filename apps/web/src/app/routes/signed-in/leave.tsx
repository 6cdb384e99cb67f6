import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { LeavePage } from '../../../features/attendance/leave-page';

/** /leave. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('ATTENDANCE')}>
      <LeavePage />
    </GuardedScreen>
  );
}
