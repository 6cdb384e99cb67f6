import { canAccessArea, type Area } from '@portal/domain';
import { GuardedScreen, type AccessContext } from './guarded-screen';

/** Spec 2.8 and 6: each document type belongs to an area; the upload screen itself needs WRITE on it. */
const DOCUMENT_AREA: Record<string, Area> = {
  ADD_EMPLOYEES_BULK_UPLOAD: 'EMPLOYEES',
  TERMINATED_EMPLOYEES_UPLOAD: 'EMPLOYEES',
  ATTENDANCE_UPLOAD: 'ATTENDANCE',
  PAYROLL_UPLOAD: 'PAYROLL',
  PAYROLL_STREAMING_ACCOUNT: 'PAYROLL',
  RAW_FILE: 'RAW_FILES',
};

const canUpload = ({ profile, vendorId, params }: AccessContext): boolean => {
  const area = DOCUMENT_AREA[params.get('document') ?? ''];
  return area !== undefined && canAccessArea(profile.resources, area, 'WRITE', vendorId !== null);
};

export function DocumentUploadScreen() {
  return <GuardedScreen allowed={canUpload} />;
}
