import { DocumentUploadPage } from '../../features/documents/document-upload-page';
import { GuardedScreen } from './guarded-screen';

// The guard only checks the sign-in and the vendor context; the page decides by document type
// (WRITE: the uploader, READ: the history) and explains an unknown type.
const signedIn = () => true;

/** /documentUpload (spec 2.8). */
export function DocumentUploadScreen() {
  return (
    <GuardedScreen allowed={signedIn}>
      <DocumentUploadPage />
    </GuardedScreen>
  );
}
