/**
 * Signing out (spec 2.3: logout clears the stored token and returns home): one implementation for
 * the shell's Logout, the answers that end a session (401, and the two sign-in codes of spec 8),
 * and the signed-out screens' "back to sign in".
 */
import { useCallback } from 'react';
import { authCalls } from '@portal/domain';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { notifyWarning } from '../ui/notify';
import { clearToken, getToken } from './token';

export const SIGN_IN_PATH = '/?signIn=true';

/** POST /auth/logout when a token is held (a failure is ignored: the session may be gone), then forget it and any half-done sign-in. */
export async function endSession({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  if (callServer && getToken()) {
    try {
      await call(authCalls.logout);
    } catch {
      // already ended or unreachable: forgetting the token is what matters
    }
  }
  clearToken();
  sessionStorage.clear();
}

export interface SignOutOptions {
  /** Tell the server to end the session (skipped when the server already said it is gone). */
  callServer?: boolean;
  /** A warning toast after leaving, e.g. that the session ended. */
  message?: string;
}

/** The sign-out under way, shared by every caller: several 401s arriving together end the session once. */
let ending: Promise<void> | null = null;

/**
 * Ends the session, goes to the sign-in form and drops every cached query; runs once even when
 * several 401s arrive together. When the server said the session is gone (callServer false) and no
 * token is held any more, an earlier answer already ended it: nothing is done and nothing is said
 * again (the profile's 401 used to raise "Your session has ended" a second time).
 */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    ({ callServer = true, message }: SignOutOptions = {}) => {
      if (ending) return ending;
      if (!callServer && !getToken()) return Promise.resolve();
      ending = (async () => {
        try {
          await endSession({ callServer });
          await navigate(SIGN_IN_PATH, { replace: true });
          queryClient.clear();
          if (message) notifyWarning(message);
        } finally {
          ending = null;
        }
      })();
      return ending;
    },
    [navigate, queryClient],
  );
}
