// Mails that follow what a homeowner does on their private pages: the contractor whose quote
// they accepted is told at once (with where to follow up), in the transaction of the acceptance.
import { formatMoney } from '../../../domain/money.ts';
import { siteUrl } from '../config/site.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

export function quoteAcceptedMail(
  business: { name: string; email: string },
  lead: { id: string; name: string; projectType: string },
  quote: { communicationId: string; totalCents: number },
): OutgoingMail {
  return layoutMail({
    to: business.email,
    subject: 'Your quote was accepted',
    heading: 'Your quote was accepted',
    paragraphs: [
      `${business.name}, good news: ${lead.name} accepted your quote of ${formatMoney(quote.totalCents)} for their ${lead.projectType} request.`,
      'Get in touch to schedule the work, and mark the lead COMPLETED in your dashboard when the job is done so the homeowner can review it.',
    ],
    action: {
      label: 'Open the lead',
      url: `${siteUrl()}/dashboard?lead=${encodeURIComponent(lead.id)}`,
      text: 'The lead on your dashboard',
    },
    reason: 'your business receives leads from Dayton Contractors',
    template: 'quote_accepted',
    payload: { leadId: lead.id, communicationId: quote.communicationId },
  });
}
