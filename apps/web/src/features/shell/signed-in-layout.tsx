import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ERROR_CODES, MSG, hasAnyEmployerRead, hasAnyVendorRead } from '@portal/domain';
import { ApiError, onUnauthenticated } from '../../shared/api/client';
import { uploadOutcomesQuery } from '../../shared/api/upload-outcome-list';
import { employerConfigQuery, profileQuery } from '../../shared/auth/profile';
import { getToken } from '../../shared/auth/token';
import { errorMessage } from '../../shared/ui';
import { AppLayout } from './app-layout';
import { isEmployerOnlyLocation } from './menu';
import { loadOutcomeNotices, outcomeNoticesLoaded } from './outcome-notices-code';
import { SIGN_IN_PATH, useSignOut } from '../../shared/auth/sign-out';

export const MFA_REGISTER_PATH = '/mfa-register';

/**
 * The guard around every signed-in route: no token goes to sign-in; the profile fetch decides the
 * rest (401: sign out; E11023: second-factor enrolment); a vendor-only admin is kept in vendors.
 */
export function SignedInLayout() {
  if (!getToken()) return <Navigate to={SIGN_IN_PATH} replace />;
  return <Session />;
}

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

function Session() {
  const location = useLocation();
  const signOut = useSignOut();
  const profile = useQuery(profileQuery());
  // The side menu's entries depend on the employer's configuration (User Verification, EWA Requests,
  // File Upload link): the frame waits for it as for the profile (both asked for together by the
  // frame's loader), so entries do not appear later and push the menu down. A failed answer waits no longer.
  const config = useQuery(employerConfigQuery());
  // The upload outcome notices sit above the screen: before its first render the frame waits for the
  // outcomes too (asked for with the profile), and, when there are any, for the notices' code, so
  // that a notice does not appear later and push the screen down (a layout shift on every page).
  // Only whether there are any is read here (the notices poll and refresh; this does not), a failed
  // answer or code waits no longer, and once the frame is up nothing here takes it down again (an
  // outcome that comes later, after an upload, shows in the frame as it is).
  const framed = useRef(false);
  const outcomes = useQuery({ ...uploadOutcomesQuery(), select: (d) => d.outcomes.length > 0, refetchInterval: false, refetchOnWindowFocus: false, refetchOnMount: false });
  const noticesCode = useNoticesCode(outcomes.data === true);
  const waitForNotices = !framed.current && (outcomes.isPending || !noticesCode);
  const error = profile.error instanceof ApiError ? profile.error : null;
  const sessionGone = error?.status === 401;

  // Any 401 from the server while signed in ends the session here.
  useEffect(() => onUnauthenticated(() => void signOut({ callServer: false, message: MSG.sessionExpired })), [signOut]);
  useEffect(() => {
    if (sessionGone) void signOut({ callServer: false, message: MSG.sessionExpired });
  }, [sessionGone, signOut]);

  // Stable, for the memoised frame (app-layout.tsx).
  const onLogout = useCallback(() => void signOut(), [signOut]);
  // The frame's first render (the shell and the screen) is the largest of a load: 60-80 ms on a
  // desktop's CPU, four times that on a phone's. The answer that completes what it waits for comes
  // through TanStack Query's store, whose updates React renders synchronously, in one task; so the
  // frame is drawn from a deferred value, which React renders in slices with the browser free
  // between them (decision 0041). The loader stays on screen until then.
  const ready = useDeferredValue(!(profile.isPending || config.isPending || waitForNotices || sessionGone));

  if (error?.code === ERROR_CODES.mfaNotEnrolled) return <Navigate to={MFA_REGISTER_PATH} replace />;
  if (!ready || profile.isPending || sessionGone) return <FullPageLoader />;
  if (profile.isError) {
    return (
      <Center mih="100vh" p="md">
        <Stack maw={440} w="100%">
          <Alert color="red" variant="light" title="Your profile could not be loaded" icon={<IconAlertCircle size={18} aria-hidden />}>
            {errorMessage(profile.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void signOut()}>
              Logout
            </Button>
            <Button onClick={() => void profile.refetch()} loading={profile.isFetching}>
              Try again
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }

  const resources = profile.data.resources;
  if (!hasAnyEmployerRead(resources) && hasAnyVendorRead(resources) && isEmployerOnlyLocation(location.pathname, location.search)) {
    return <Navigate to="/vendors" replace />;
  }
  framed.current = true;
  return <AppLayout resources={resources} onLogout={onLogout} />;
}

/** Whether the notices' code is here (or failed: the frame then shows without it), when `needed`; true when not needed. */
function useNoticesCode(needed: boolean): boolean {
  const [arrivedHere, setArrived] = useState(false);
  const arrived = arrivedHere || outcomeNoticesLoaded() !== null;
  useEffect(() => {
    if (!needed || arrived) return;
    let live = true;
    const done = () => live && setArrived(true);
    loadOutcomeNotices().then(done, done);
    return () => {
      live = false;
    };
  }, [needed, arrived]);
  return !needed || arrived;
}
