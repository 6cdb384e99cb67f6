/**
 * What every route's prefetch shares (issue 24, "Fast"; decision 0041): the admin's profile (the
 * signed-in frame's loader has already asked for it), and the page's own permission rule, so that a
 * screen the admin may not read is never asked for.
 */
import type { QueryClient } from '@tanstack/react-query';
import { canEnterVendor, type AdminProfile } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { vendorIdOf } from '../../shared/auth/vendor-context';

/** The profile, once the admin may see the page at `url` (vendor context: may enter that vendor); else null. */
export async function allowedProfile(queryClient: QueryClient, url: URL, allowed: (profile: AdminProfile, vendorId: string | null) => boolean): Promise<AdminProfile | null> {
  const profile = await queryClient.ensureQueryData(profileQuery());
  const vendorId = vendorIdOf(url.searchParams);
  if (vendorId !== null && !canEnterVendor(profile, vendorId)) return null;
  return allowed(profile, vendorId) ? profile : null;
}

export const vendorOf = (url: URL): string | null => vendorIdOf(url.searchParams);
