// Each message is mailed to the other side (issue 25, Must 6), from the site, never naming the
// sender's e-mail address: the homeowner is named by first name and initial, the contractor by
// its business name; the reply is written on the request, where both sides see it. In the mail
// layout: the message quoted, and one button opening the thread to reply.
import { homeownerShortName } from '../../../domain/inbox-rules.ts';
import { siteUrl } from '../config/site.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

export function messageToContractorMail(
  business: { name: string; email: string },
  lead: { id: string; name: string; projectType: string },
  message: { id: string; body: string; hasPhoto: boolean; distributionId: string },
): OutgoingMail {
  const who = homeownerShortName(lead.name);
  return layoutMail({
    to: business.email,
    subject: `${who} sent you a message about their ${lead.projectType} request`,
    heading: `${who} sent you a message`,
    paragraphs: [
      `${business.name}, ${who} wrote about their ${lead.projectType} request:`,
      { quote: message.body },
      ...(message.hasPhoto ? ['A photo is attached to the message on the lead.'] : []),
    ],
    action: {
      label: 'Reply on the lead',
      url: `${siteUrl()}/dashboard?lead=${message.distributionId}`,
      text: 'Reply on the lead in your dashboard',
    },
    note: ['Write your reply on the lead: replying to this e-mail does not reach the homeowner.'],
    reason: 'a homeowner whose request your business bought on Dayton Contractors wrote to you',
    template: 'lead_message_to_contractor',
    payload: { leadId: lead.id, messageId: message.id },
  });
}

export function messageToHomeownerMail(
  lead: { id: string; name: string; email: string; projectType: string },
  business: { name: string },
  message: { id: string; body: string; hasPhoto: boolean },
  link: string,
): OutgoingMail {
  return layoutMail({
    to: lead.email,
    subject: `${business.name} sent you a message about your ${lead.projectType} request`,
    heading: `${business.name} sent you a message`,
    greeting: lead.name,
    paragraphs: [
      `${business.name} wrote about your ${lead.projectType} request:`,
      { quote: message.body },
      ...(message.hasPhoto ? ['A photo is attached to the message on your request.'] : []),
    ],
    action: { label: 'Read and reply', url: link, text: 'Read it and reply on your request' },
    note: [
      'Write your reply on your request: replying to this e-mail does not reach the contractor.',
      'The link is private, for you only.',
    ],
    reason: 'you asked for quotes on Dayton Contractors',
    template: 'lead_message_to_homeowner',
    payload: { leadId: lead.id, messageId: message.id },
  });
}
