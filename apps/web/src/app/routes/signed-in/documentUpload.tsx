import { DocumentUploadScreen } from '../../screens/document-upload-screen';

/** /documentUpload (spec 2.8). */
export function Component() {
  return <DocumentUploadScreen />;
}
