import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { AttendancePage } from '../../../features/attendance/attendance-page';

/** /attendance (spec 2.6). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('ATTENDANCE')}>
      <AttendancePage />
    </GuardedScreen>
  );
}
