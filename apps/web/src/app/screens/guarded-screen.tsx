import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { canAccessArea, canEnterVendor, type AccessType, type AdminProfile, type Area } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { Unauthorized } from '../../shared/ui/unauthorized';
import { NotInRelease } from './placeholder-screen';
import { useVendorId } from '../../shared/auth/vendor-context';

export interface AccessContext {
  profile: AdminProfile;
  vendorId: string | null;
  params: URLSearchParams;
}

/** A permission rule of a screen: the area's resource (the vendor one with a vendorId) at READ or WRITE. */
export const areaRule =
  (area: Area, need: AccessType = 'READ') =>
  ({ profile, vendorId }: AccessContext): boolean =>
    canAccessArea(profile.resources, area, need, vendorId !== null);

interface GuardedScreenProps {
  allowed: (ctx: AccessContext) => boolean;
  /** The screen's content; the neutral "not in this release" line when absent. */
  children?: ReactNode;
}

/**
 * Shows its content only to an admin the rule allows, else "You aren't authorized to access this
 * page". In vendor context (a vendorId in the URL) the admin must also be allowed into that vendor.
 */
export function GuardedScreen({ allowed, children }: GuardedScreenProps) {
  const [params] = useSearchParams();
  const profile = useQuery(profileQuery()).data;
  const vendorId = useVendorId();
  if (!profile) return <Unauthorized />;
  if (vendorId !== null && !canEnterVendor(profile, vendorId)) return <Unauthorized />;
  if (!allowed({ profile, vendorId, params })) return <Unauthorized />;
  return <>{children ?? <NotInRelease />}</>;
}
