// Mails the dashboard sends a homeowner: a contractor's response (with the private page of every
// response and quote on the request). The review invitation is src/server/reviews/review-mails.ts.
import { formatMoney } from '../../domain/money.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

interface Homeowner {
  leadId: string;
  name: string;
  email: string;
  projectType: string;
}

export function responseMail(
  homeowner: Homeowner,
  response: {
    businessName: string;
    subject: string;
    message: string;
    totalCents: number | null;
    link: string;
  },
): OutgoingMail {
  return {
    to: homeowner.email,
    subject: `${response.businessName} replied: ${response.subject}`,
    template: 'lead_response',
    payload: { leadId: homeowner.leadId },
    text: [
      `Hi ${homeowner.name},`,
      '',
      `${response.businessName} replied to your ${homeowner.projectType} request:`,
      '',
      response.message,
      '',
      ...(response.totalCents === null
        ? []
        : [`Their quote: ${formatMoney(response.totalCents)} in total.`, '']),
      `See every response and quote side by side (a private link, for you only): ${response.link}`,
      '',
      'Dayton Contractors',
    ].join('\n'),
  };
}
