import '../../all-styles';
import { RawFileLinkPage } from '../../../features/documents/raw-file-link-page';

/** /file-upload (spec 2.3): the File Upload link's page, authorised by its token. */
export function Component() {
  return <RawFileLinkPage />;
}
