/** Employee profile calls (spec 7 "Profile, transactions and agreements"), with their query keys. */
import { queryOptions } from '@tanstack/react-query';
import { employeeCalls, employeeProfileCalls } from '@portal/domain';
import type { ProfileDocumentType, WorkerType } from '@portal/domain';
import { call } from '../../shared/api/client';
import { employeeProfileKeys } from '../../shared/api/query-keys';

const ctx = (vendorId: string | null) => (vendorId ? { vendorId } : {});

export { employeeProfileKeys } from '../../shared/api/query-keys';

export const profileDetailsQuery = (vendorId: string | null, employeeId: string) =>
  queryOptions({
    queryKey: employeeProfileKeys.profile(vendorId, employeeId),
    queryFn: () => call(employeeProfileCalls.profile, { query: { employeeId, ...ctx(vendorId) } }),
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
        return await call(employeeProfileCalls.document, { query: { employeeId, docType, ...ctx(vendorId) } });
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
    queryFn: () => call(employeeProfileCalls.transactions, { query: { employeeId, ...ctx(vendorId) } }),
  });

export const profileAgreementsQuery = (vendorId: string | null, employeeId: string, workerType: WorkerType) =>
  queryOptions({
    queryKey: employeeProfileKeys.agreements(vendorId, employeeId, workerType),
    queryFn: () =>
      call(employeeProfileCalls.agreements, { params: { id: employeeId }, query: { workerType, ...ctx(vendorId) } }),
  });

export const fetchSalaryDetails = (vendorId: string | null, employeeId: string) =>
  call(employeeProfileCalls.salaryDetails, { params: { id: employeeId }, query: ctx(vendorId) });

export const fetchAgreementLink = (vendorId: string | null, agreementId: string) =>
  call(employeeProfileCalls.agreementLink, { params: { id: agreementId }, query: ctx(vendorId) });

export const terminateEmployee = (vendorId: string | null, employeeId: string) =>
  call(employeeCalls.terminateOne, { body: { employeeId }, query: ctx(vendorId) });
