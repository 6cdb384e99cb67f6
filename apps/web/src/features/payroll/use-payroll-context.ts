
import { useQuery } from '@tanstack/react-query';
import { canAccessArea } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { payrollInfoQuery } from './api';
import { useVendorId } from '../../shared/auth/vendor-context';

/**
 * What every payroll screen needs: the vendor context, READ and WRITE on payroll (the vendor
 * resource with a vendorId), and the payroll info (the month to act on, the window).
 */
export function usePayrollContext() {
  const vendorId = useVendorId();
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'PAYROLL', 'READ', vendorId !== null);
  const canWrite = canAccessArea(resources, 'PAYROLL', 'WRITE', vendorId !== null);
  const info = useQuery({ ...payrollInfoQuery(vendorId), enabled: canRead });
  return { vendorId, canRead, canWrite, info };
}
