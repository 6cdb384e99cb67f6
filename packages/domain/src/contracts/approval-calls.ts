/** The `approvalCalls` contracts (decision 0051): an export per endpoint, the namespace `approvalCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { VendorQuery } from '../wire/api.js';
import type { ApprovalDecisionAnswer, ApprovalDecisionBody, ApprovalDecisionResult, PendingApprovalsAnswer, PendingApprovalsQuery, PendingApprovalsResult, PendingTransactionApprovalsResult, TransactionDecisionResult } from '../wire/approvals.js';
import { endpoint } from './endpoint.js';

export const pending = /*#__PURE__*/ endpoint<{
  query: typeof PendingApprovalsQuery;
  answer: typeof PendingApprovalsAnswer;
  answerBy: { key: 'entityType'; from: 'query'; answers: { WORKER: typeof PendingApprovalsResult; TRANSACTION: typeof PendingTransactionApprovalsResult } };
}>()('GET', '/employer-admin/employer-approval/pending-approvals');
export const decide = /*#__PURE__*/ endpoint<{
  query: typeof VendorQuery;
  body: typeof ApprovalDecisionBody;
  answer: typeof ApprovalDecisionAnswer;
  answerBy: { key: 'entityType'; from: 'body'; answers: { WORKER: typeof ApprovalDecisionResult; TRANSACTION: typeof TransactionDecisionResult } };
}>()('PUT', '/employer-admin/employer-approval/update-request');
