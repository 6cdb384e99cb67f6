/** User Verification (spec 2.17, 4.7, 5.4): pending workers and their approval. */
export { UserVerificationPage } from './user-verification-page';
