/** Employee profile calls (spec 7 "Profile, transactions and agreements"), with their query keys. */
import { queryOptions } from '@tanstack/react-query';
import type {
  AgreementLink,
  EmployeeProfile,
  EmployeeRecord,
  ProfileAgreement,
  ProfileDocumentType,
  ProfileTransaction,
  SalaryDetails,
  WorkerType,
} from '@portal/domain';
import { api } from '../../shared/api/client';
import { employeeProfileKeys } from '../../shared/api/query-keys';

const ctx = (vendorId: string | null) => (vendorId ? { vendorId } : {});

export { employeeProfileKeys } from '../../shared/api/query-keys';

export const profileDetailsQuery = (vendorId: string | null, employeeId: string) =>
  queryOptions({
    queryKey: employeeProfileKeys.profile(vendorId, employeeId),
    queryFn: () => api.get<EmployeeProfile>('/employer-admin/user', { employeeId, ...ctx(vendorId) }),
    retry: false,
  });

/**
 * A document as a Blob fetched with the bearer token (the server answers 404 when there is none);
 * null when there is none, so the card shows its placeholder.
 */
export const profileDocumentQuery = (vendorId: string | null, employeeId: string, docType: ProfileDocumentType) =>
  queryOptions({
    queryKey: employeeProfileKeys.document(vendorId, employeeId, docType),
    queryFn: async () => {
      try {
        return await api.get<Blob>('/employer-admin/user-document', { employeeId, docType, ...ctx(vendorId) });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: 300_000,
  });

export const profileTransactionsQuery = (vendorId: string | null, employeeId: string) =>
  queryOptions({
    queryKey: employeeProfileKeys.transactions(vendorId, employeeId),
    queryFn: () => api.get<{ transactions: ProfileTransaction[]; total: number }>('/employer-admin/transactions', { employeeId, ...ctx(vendorId) }),
  });

export const profileAgreementsQuery = (vendorId: string | null, employeeId: string, workerType: WorkerType) =>
  queryOptions({
    queryKey: employeeProfileKeys.agreements(vendorId, employeeId, workerType),
    queryFn: () =>
      api.get<{ agreements: ProfileAgreement[] }>(`/employer-admin/workers/${encodeURIComponent(employeeId)}/agreements-metadata`, { workerType, ...ctx(vendorId) }),
  });

export const fetchSalaryDetails = (vendorId: string | null, employeeId: string) =>
  api.get<SalaryDetails>(`/employer-admin/employee/${encodeURIComponent(employeeId)}/withdrawal-accessibility`, ctx(vendorId));

export const fetchAgreementLink = (vendorId: string | null, agreementId: string) =>
  api.get<AgreementLink>(`/employer-admin/agreements/${encodeURIComponent(agreementId)}/presigned-s3-url`, ctx(vendorId));

export const terminateEmployee = (vendorId: string | null, employeeId: string) =>
  api.patch<EmployeeRecord>('/employer-admin/terminate-employee', { employeeId }, ctx(vendorId));
