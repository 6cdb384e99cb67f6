/** The signed-in frame: guard, app shell (side menu, header, account menu) and the vendor sub-navigation. */
export { SignedInLayout, FullPageLoader, MFA_REGISTER_PATH } from './signed-in-layout';
export { VendorFrame, VendorLayout } from './vendor-layout';
export { SIGN_IN_PATH, useSignOut } from '../../shared/auth/sign-out';
export type { RouteHandle } from './route-handle';
export { FILE_UPLOAD_LINK } from './menu';
