import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { AttendancePage } from '../../../features/attendance/attendance-page';

/** /vendors/attendance: a vendor's attendance. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('ATTENDANCE')}>
      <AttendancePage />
    </GuardedScreen>
  );
}
