// A contractor's thread with the homeowner on one lead (issue 25, Must 6), for the dashboard's
// lead view: only on a lead the business bought (paid) — the caller has already scoped the lead
// to the business and its owner's owner_since (dashboard/get-lead.ts). Reading it marks the
// homeowner's messages read. The homeowner is named by first name and initial, never by e-mail.
import { homeownerShortName } from '../../../domain/inbox-rules.ts';
import type { LeadMessage } from '../../../schemas/dashboard.ts';
import type { Db } from '../../platform/db/client.ts';
import { markThreadRead, threadOf } from './threads.ts';

export async function contractorThread(
  sql: Db,
  lead: { leadId: string; businessId: string; paid: boolean; homeownerName: string },
): Promise<LeadMessage[] | null> {
  if (!lead.paid) return null;
  const messages = await threadOf(sql, lead.leadId, lead.businessId);
  await markThreadRead(sql, lead.leadId, 'contractor', lead.businessId);
  const homeowner = homeownerShortName(lead.homeownerName);
  return messages.map((m) => ({
    id: m.id,
    author: m.author,
    authorName: m.author === 'homeowner' ? homeowner : 'You',
    body: m.body,
    photo: m.photo,
    createdAt: m.createdAt.toISOString(),
  }));
}
