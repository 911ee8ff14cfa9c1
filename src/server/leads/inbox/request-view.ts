// One request as its homeowner sees it (issue 25, Must 5), whether through the account's inbox
// (/profile/requests/<id>) or the private link (/quote-request/responses?token=): where it stands,
// the contractors it went to as cards, their responses and quotes, the accepted contractor's
// contact details, and the message thread with each. Opening it marks the contractors' messages
// read. Only the resolved lead is ever read.
import { leadOutcome, type LeadOutcome } from '../outcomes/lead-outcome.ts';
import { REQUEST_STATUS_WORDS, requestStatus, type RequestStatus } from '../../../domain/inbox-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { leadResponsesOf, type LeadResponses } from '../outcomes/lead-responses.ts';
import {
  acceptedContact,
  contractorCards,
  type ContractorCard,
  type ContractorContact,
} from './contractor-cards.ts';
import { markThreadRead, threadsOf, type ThreadMessage } from './threads.ts';

export interface RequestView extends LeadResponses {
  status: RequestStatus;
  statusText: string;
  contractors: ContractorCard[];
  /** Each bought contractor's thread, by business id (an empty list where none was written). */
  threads: Record<string, ThreadMessage[]>;
  contact: ContractorContact | null;
  /** What the homeowner said happened (issue 27), and whether we asked. */
  outcome: LeadOutcome;
}

export async function requestView(
  sql: Sql,
  leadId: string,
  options: { markRead?: boolean } = {},
): Promise<RequestView | null> {
  const responses = await leadResponsesOf(sql, leadId);
  if (!responses) return null;
  const [lead] = await sql<{ qualification: string }[]>`select qualification from leads where id = ${leadId}`;
  const contractors = await contractorCards(sql, leadId);
  const byBusiness = await threadsOf(sql, leadId);
  if (options.markRead) await markThreadRead(sql, leadId, 'homeowner');
  const threads: Record<string, ThreadMessage[]> = {};
  for (const c of contractors) if (c.bought) threads[c.businessId] = byBusiness.get(c.businessId) ?? [];
  const status = requestStatus({
    qualification: lead!.qualification,
    contractors: contractors.filter((c) => c.bought).length,
    quotes: responses.responses.filter((r) => r.quote).length,
    accepted: responses.acceptedId !== null,
  });
  return {
    ...responses,
    status,
    statusText: REQUEST_STATUS_WORDS[status],
    contractors,
    threads,
    contact: responses.acceptedId ? await acceptedContact(sql, leadId) : null,
    outcome: await leadOutcome(sql, leadId),
  };
}
