import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ERROR_CODES, landingPath } from '@portal/domain';
import { ApiError } from '../shared/api/client';
import { profileQuery } from '../shared/auth/profile';
import { clearToken, getToken } from '../shared/auth/token';
import { AuthRootPage } from '../features/auth/auth-root-page';
import { FullPageLoader } from './full-page-loader';
import { PATHS } from './paths';

/**
 * `/`: the sign-in or sign-up form (the auth feature decides which), unless a valid session exists,
 * which goes to its landing page (dashboard, or vendors for a vendor-only admin). The token is read
 * once, when the page opens: a sign-in completed on this page navigates by itself.
 * An invitation link (`?invite=`) always shows the sign-up form, whoever is signed in.
 */
export function RootRoute() {
  const [params] = useSearchParams();
  const [hadToken] = useState(() => getToken() !== null);
  if (!hadToken || params.has('invite')) return <AuthRootPage />;
  return <ExistingSession />;
}

function ExistingSession() {
  const profile = useQuery(profileQuery());
  if (profile.isPending) return <FullPageLoader />;
  if (profile.isSuccess) return <Navigate to={landingPath(profile.data.resources)} replace />;
  const error = profile.error instanceof ApiError ? profile.error : null;
  if (error?.code === ERROR_CODES.mfaNotEnrolled) return <Navigate to={PATHS.mfaRegister} replace />;
  return <StaleSession forget={error?.status === 401} />;
}

/** The stored session no longer works: forget it (when the server said so) and show the forms. */
function StaleSession({ forget }: { forget: boolean }) {
  useEffect(() => {
    if (forget) clearToken();
  }, [forget]);
  return <AuthRootPage />;
}
