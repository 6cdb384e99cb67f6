/** Toasts and error reading for the signed-out screens, on top of the shared notifier. */
import { ERROR_CODES, type ErrorCode } from '@portal/domain';
import { ApiError } from '../../shared/api/client';
import { notify as show } from '../../shared/ui/notify';

export { errorMessage } from '../../shared/ui/notify';

export function notify(type: 'error' | 'warning' | 'success', msg: string, options: { persistent?: boolean } = {}): void {
  show({ type, msg, ...(options.persistent ? { autoClose: false } : {}) });
}

export const errorCode = (error: unknown): ErrorCode | undefined => (error instanceof ApiError ? error.code : undefined);

/** Spec 8 / 4.2 step 7: these codes, anywhere in the sign-in flow, log the user out. */
export const isLogoutError = (error: unknown): boolean => {
  const code = errorCode(error);
  return code === ERROR_CODES.secondFactorInUse || code === ERROR_CODES.requiresRecentLogin;
};
