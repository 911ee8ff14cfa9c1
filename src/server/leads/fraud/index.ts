// The fraud area's front door (issue 23): buyers' reports that refund every buyer, and the admin
// fraud queue's lists and decisions.
export { listFraudQueue } from './list-fraud-queue.ts';
export { blockLead } from './block-lead.ts';
export { releaseLead } from './release-lead.ts';
export { releaseIdentity } from './release-identity.ts';
