/** Document upload (spec 2.8, 4.3, 5.2): the uploader, the upload histories and an upload's result; the File Upload link's page (2.3). */
export { DocumentUploadPage } from './document-upload-page';
export { RawFileLinkPage } from './raw-file-link-page';
