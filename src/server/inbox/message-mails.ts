// Each message is mailed to the other side (issue 25, Must 6), from the site, never naming the
// sender's e-mail address: the homeowner is named by first name and initial, the contractor by
// its business name; the reply is written on the request, where both sides see it.
import { homeownerShortName } from '../../domain/inbox-rules.ts';
import { siteUrl } from '../config.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

const quoted = (body: string) =>
  body
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

export function messageToContractorMail(
  business: { name: string; email: string },
  lead: { id: string; name: string; projectType: string },
  message: { id: string; body: string; hasPhoto: boolean; distributionId: string },
): OutgoingMail {
  const who = homeownerShortName(lead.name);
  return {
    to: business.email,
    subject: `${who} sent you a message about their ${lead.projectType} request`,
    template: 'lead_message_to_contractor',
    payload: { leadId: lead.id, messageId: message.id },
    text: [
      `${business.name}, ${who} wrote about their ${lead.projectType} request:`,
      '',
      quoted(message.body),
      ...(message.hasPhoto ? ['', '(A photo is attached to the message on the lead.)'] : []),
      '',
      `Reply on the lead in your dashboard: ${siteUrl()}/dashboard?lead=${message.distributionId}`,
      '',
      'Dayton Contractors',
    ].join('\n'),
  };
}

export function messageToHomeownerMail(
  lead: { id: string; name: string; email: string; projectType: string },
  business: { name: string },
  message: { id: string; body: string; hasPhoto: boolean },
  link: string,
): OutgoingMail {
  return {
    to: lead.email,
    subject: `${business.name} sent you a message about your ${lead.projectType} request`,
    template: 'lead_message_to_homeowner',
    payload: { leadId: lead.id, messageId: message.id },
    text: [
      `Hi ${lead.name},`,
      '',
      `${business.name} wrote about your ${lead.projectType} request:`,
      '',
      quoted(message.body),
      ...(message.hasPhoto ? ['', '(A photo is attached to the message on your request.)'] : []),
      '',
      `Read it and reply on your request: ${link}`,
      '',
      'Dayton Contractors',
    ].join('\n'),
  };
}
