// When the homeowner first opened their private responses page (leads.responses_viewed_at): the
// unanswered-lead credit (credit-unanswered-leads.ts) asks whether they did within 48 hours of a
// contractor's answer. Only a real view counts: a page a browser shows (GET, or the page's own
// form POST), not a HEAD or a prefetch or prerender made ahead of a click; only the first is kept.
// Each real view also replaces the held mails of responses already pushed to the homeowner.
import { markPushedMailsSeen } from '../alerts/request-push.ts';
import type { Sql } from '../../platform/db/client.ts';

export function isRealView(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'POST') return false;
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`;
  return !/prefetch|prerender/i.test(purpose);
}

export async function recordResponsesView(sql: Sql, leadId: string): Promise<void> {
  await sql`update leads set responses_viewed_at = now() where id = ${leadId} and responses_viewed_at is null`;
  // Responses a push already brought need no mail now that the page was opened (issue 27).
  await markPushedMailsSeen(sql, leadId);
}
