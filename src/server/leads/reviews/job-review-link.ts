// What the review page (/review?token=) needs before the form: the contractor reviewed (the
// token names it; the homeowner never chooses), the job, the name to prefill, whether this job
// was reviewed already, and whether it may be reviewed at all: only a job the homeowner hired the
// contractor for here (reviewable-job.ts). A link whose job does not qualify opens no form.
import type { Db } from '../../platform/db/client.ts';
import { resolveHomeownerLink } from '../access/homeowner-links.ts';
import { reviewableJob } from './reviewable-job.ts';

export interface JobReviewLink {
  leadId: string;
  businessId: string;
  businessName: string;
  projectType: string;
  homeownerName: string;
  reviewed: boolean;
  /** Why this job cannot be reviewed (the page shows it instead of the form), or null. */
  refusal: string | null;
}

/** The link's job, or null for an unknown, expired or malformed token, or one whose contractor
 * was never sent that lead. `lock`: see reviewableJob. */
export async function jobReviewLink(
  sql: Db,
  token: string,
  options: { lock?: boolean } = {},
): Promise<JobReviewLink | null> {
  const link = await resolveHomeownerLink(sql, token, 'review');
  if (!link?.businessId) return null;
  const job = await reviewableJob(sql, link.leadId, link.businessId, options);
  if (!job) return null;
  return {
    leadId: job.leadId,
    businessId: job.businessId,
    businessName: job.businessName,
    projectType: job.projectType,
    homeownerName: job.homeownerName,
    reviewed: job.reviewed || link.usedAt !== null,
    refusal: job.refusal,
  };
}
