/** The signed-in admin's profile and employer data: query keys and fetchers shared by every feature. */
import { useSearchParams } from 'react-router';
import { queryOptions } from '@tanstack/react-query';
import { adminCalls, vendorCalls } from '@portal/domain';
import { call } from '../api/client';
import { sessionKeys } from '../api/query-keys';

export { sessionKeys } from '../api/query-keys';

export const profileQuery = () =>
  queryOptions({ queryKey: sessionKeys.profile(), queryFn: () => call(adminCalls.profile), retry: false, staleTime: 60_000 });
export const employerInfoQuery = () =>
  queryOptions({ queryKey: sessionKeys.employerInfo(), queryFn: () => call(adminCalls.employerInfo), staleTime: 300_000 });
export const employerConfigQuery = () =>
  queryOptions({ queryKey: sessionKeys.employerConfig(), queryFn: () => call(adminCalls.employerConfig), staleTime: 300_000 });
export const employerMetadataQuery = () =>
  queryOptions({ queryKey: sessionKeys.employerMetadata(), queryFn: () => call(adminCalls.employerMetadata), staleTime: 300_000 });
/** The vendors this admin may enter (spec 2.18): the cards, and the vendor layout's check of a vendorId. */
export const vendorsQuery = () =>
  queryOptions({ queryKey: sessionKeys.vendors(), queryFn: () => call(vendorCalls.list), staleTime: 60_000 });

/**
 * The vendor context (spec 2.2, decision 0006): the `vendorId` of the URL, or null in the employer's
 * own context. Read here only (issue 25): pages use the hook, loaders and pure helpers `vendorIdOf`,
 * both imported from `./vendor-context`. Written in this module, which the first bundle holds, so
 * the signed-in pages and the File Upload link share it from there rather than each loading a chunk
 * of its own for it (decision 0052).
 */
export const vendorIdOf = (params: URLSearchParams): string | null => params.get('vendorId') || null;

/** The vendor context of the current page. */
export function useVendorId(): string | null {
  const [params] = useSearchParams();
  return vendorIdOf(params);
}
