/** The external File Upload link (spec 2.3): its token and the token-authorised raw-file upload. */
export { registerFileLinkRoutes, setFileUploadLink } from './routes.js';
