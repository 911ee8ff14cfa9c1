// The mail of a plan's failed payment (issue 27: a failed payment always reaches the contractor
// by e-mail, whatever its alert settings): what was not charged and where to fix the card.
import { PAYMENT_SETUP_PATH } from '../../../domain/billing-rules.ts';
import { formatMoney } from '../../../domain/money.ts';
import { siteUrl } from '../config/site.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

export function planPaymentFailedMail(
  contractor: { name: string; email: string },
  payment: { amountCents: number; description: string },
): OutgoingMail {
  return layoutMail({
    to: contractor.email,
    subject: 'Your plan payment failed',
    heading: 'Your plan payment failed',
    paragraphs: [
      `${contractor.name}, we could not charge ${formatMoney(payment.amountCents)} to your card on file for ${payment.description}. We try again over the next days; if every try fails, the plan ends.`,
    ],
    action: {
      label: 'Fix my card',
      url: `${siteUrl()}${PAYMENT_SETUP_PATH}`,
      text: 'Fix your card so your plan continues',
    },
    note: [{ link: 'Your charges and failed payments', url: `${siteUrl()}/contractor/billing` }],
    reason: 'your business has a plan with Dayton Contractors',
    template: 'plan_payment_failed',
    payload: { description: payment.description },
  });
}
