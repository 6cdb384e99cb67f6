/**
 * Signing out (spec 2.3: logout clears the stored token and returns home): one implementation for
 * the shell's Logout, the answers that end a session (401, and the two sign-in codes of spec 8),
 * and the signed-out screens' "back to sign in".
 */
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { notifyWarning } from '../ui/notify';
import { clearToken, getToken } from './token';

export const SIGN_IN_PATH = '/?signIn=true';

/** POST /auth/logout when a token is held (a failure is ignored: the session may be gone), then forget it and any half-done sign-in. */
export async function endSession({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  if (callServer && getToken()) {
    try {
      await api.post('/auth/logout');
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

/** Ends the session, goes to the sign-in form and drops every cached query; runs once even when several 401s arrive together. */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const running = useRef(false);
  return useCallback(
    async ({ callServer = true, message }: SignOutOptions = {}) => {
      if (running.current) return;
      running.current = true;
      try {
        await endSession({ callServer });
        await navigate(SIGN_IN_PATH, { replace: true });
        queryClient.clear();
        if (message) notifyWarning(message);
      } finally {
        running.current = false;
      }
    },
    [navigate, queryClient],
  );
}
