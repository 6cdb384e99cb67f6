import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { canAccessArea } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { payrollInfoQuery } from './api';

/**
 * What every payroll screen needs: the vendor context, READ and WRITE on payroll (the vendor
 * resource with a vendorId), and the payroll info (the month to act on, the window).
 */
export function usePayrollContext() {
  const [params] = useSearchParams();
  const vendorId = params.get('vendorId') || null;
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'PAYROLL', 'READ', vendorId !== null);
  const canWrite = canAccessArea(resources, 'PAYROLL', 'WRITE', vendorId !== null);
  const info = useQuery({ ...payrollInfoQuery(vendorId), enabled: canRead });
  return { vendorId, canRead, canWrite, info };
}
