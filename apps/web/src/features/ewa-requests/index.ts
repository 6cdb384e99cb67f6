/** EWA Requests (issue 13, decision 0024): advance requests waiting for the employer's approval. */
export { EwaRequestsPage } from './ewa-requests-page';
