/** The signed-in admin's profile and employer data: query keys and fetchers shared by every feature. */
import { queryOptions } from '@tanstack/react-query';
import type { AdminProfile, EmployerConfig, EmployerMetadata, VendorListResult } from '@portal/domain';
import { api } from '../api/client';
import { sessionKeys } from '../api/query-keys';

export { sessionKeys } from '../api/query-keys';

export const profileQuery = () =>
  queryOptions({ queryKey: sessionKeys.profile(), queryFn: () => api.get<AdminProfile>('/employer-admin'), retry: false, staleTime: 60_000 });
export const employerInfoQuery = () =>
  queryOptions({ queryKey: sessionKeys.employerInfo(), queryFn: () => api.get<{ _id: string; name: string }>('/employer-admin/employer-info'), staleTime: 300_000 });
export const employerConfigQuery = () =>
  queryOptions({ queryKey: sessionKeys.employerConfig(), queryFn: () => api.get<EmployerConfig>('/employer-admin/employer-config'), staleTime: 300_000 });
export const employerMetadataQuery = () =>
  queryOptions({ queryKey: sessionKeys.employerMetadata(), queryFn: () => api.get<EmployerMetadata>('/employer-admin/employer-metadata'), staleTime: 300_000 });
/** The vendors this admin may enter (spec 2.18): the cards, and the vendor layout's check of a vendorId. */
export const vendorsQuery = () =>
  queryOptions({ queryKey: sessionKeys.vendors(), queryFn: () => api.get<VendorListResult>('/employer-admin/vendors'), staleTime: 60_000 });
