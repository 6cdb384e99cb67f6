/** Document upload (spec 2.8, 4.3, 5.2): the uploader, the upload histories and an upload's result. */
export { DocumentUploadPage } from './document-upload-page';
