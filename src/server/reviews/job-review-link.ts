// What the review page (/review?token=) needs before the form: the contractor reviewed (the
// token names it; the homeowner never chooses), the job, the name to prefill, and whether this
// job was reviewed already.
import type { Sql, TransactionSql } from '../db/client.ts';
import { resolveHomeownerLink } from '../leads/homeowner-links.ts';

export interface JobReviewLink {
  leadId: string;
  businessId: string;
  businessName: string;
  projectType: string;
  homeownerName: string;
  reviewed: boolean;
}

/** The link's job, or null for an unknown, expired or malformed token, or one whose contractor
 * never completed a job on that lead. */
export async function jobReviewLink(sql: Sql | TransactionSql, token: string): Promise<JobReviewLink | null> {
  const link = await resolveHomeownerLink(sql, token, 'review');
  if (!link?.businessId) return null;
  const [job] = await sql<Omit<JobReviewLink, 'reviewed'>[]>`
    select l.id as "leadId", b.id as "businessId", b.name as "businessName",
           l.project_type as "projectType", l.name as "homeownerName"
      from lead_distributions d
      join leads l on l.id = d.lead_id
      join businesses b on b.id = d.business_id
     where d.lead_id = ${link.leadId} and d.business_id = ${link.businessId} and d.stage = 'COMPLETED'`;
  if (!job) return null;
  const [review] = await sql`
    select 1 from reviews where lead_id = ${job.leadId} and business_id = ${job.businessId}`;
  return { ...job, reviewed: Boolean(review) || link.usedAt !== null };
}
