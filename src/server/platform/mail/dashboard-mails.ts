// Mails the dashboard sends a homeowner: a contractor's response (with the private page of every
// response and quote on the request). The review invitation is src/server/platform/mail/review-mails.ts.
import { formatMoney } from '../../../domain/money.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

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
  return layoutMail({
    to: homeowner.email,
    subject: `${response.businessName} replied: ${response.subject}`,
    heading: `${response.businessName} replied`,
    greeting: homeowner.name,
    paragraphs: [
      `${response.businessName} replied to your ${homeowner.projectType} request:`,
      { quote: response.message },
      ...(response.totalCents === null ? [] : [`Their quote: ${formatMoney(response.totalCents)} in total.`]),
    ],
    action: {
      label: 'See your quotes',
      url: response.link,
      text: 'See every response and quote side by side (a private link, for you only)',
    },
    reason: 'you asked for quotes on Dayton Contractors',
    template: 'lead_response',
    payload: { leadId: homeowner.leadId },
  });
}
