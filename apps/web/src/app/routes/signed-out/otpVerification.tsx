import '../../all-styles';
import { OtpVerificationPage } from '../../../features/auth/otp-verification-page';

/** /otp-verification (spec 4.2). */
export function Component() {
  return <OtpVerificationPage />;
}
