// The contractor's mail when a disputed lead is credited back to their card.
import { formatMoney } from '../../../domain/money.ts';
import { CREDIT_RULES_PATH } from '../../../domain/credit-rules.ts';
import { contactPhone, siteUrl } from '../config/site.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

const REASON = 'your business receives leads from Dayton Contractors';

export function creditRefundedMail(
  contractor: { name: string; email: string },
  credit: { id: string; amountCents: number; finding: string; projectType: string; place: string },
): OutgoingMail {
  const amount = formatMoney(credit.amountCents);
  return layoutMail({
    to: contractor.email,
    subject: `Lead credited: ${amount} refunded to your card`,
    heading: `${amount} refunded to your card`,
    paragraphs: [
      `${contractor.name}, we refunded the ${amount} charge for the ${credit.projectType} lead in ${credit.place}.`,
      credit.finding,
      'The refund goes back to the card that paid; banks usually show it within 5 to 10 business days.',
    ],
    action: { label: 'See my billing', url: `${siteUrl()}/contractor/billing`, text: 'Your billing' },
    note: [{ link: 'How credits work', url: `${siteUrl()}${CREDIT_RULES_PATH}` }],
    reason: REASON,
    template: 'lead_credit_refunded',
    payload: { creditId: credit.id },
  });
}

/** The contractor's mail when an admin reviewed a disputed lead and did not credit it. */
export function creditDeclinedMail(
  contractor: { name: string; email: string },
  credit: {
    id: string;
    leadId: string;
    amountCents: number;
    reason: string;
    projectType: string;
    place: string;
  },
): OutgoingMail {
  return layoutMail({
    to: contractor.email,
    subject: 'Your lead credit request was reviewed',
    heading: 'Your lead credit request was reviewed',
    paragraphs: [
      `${contractor.name}, our team reviewed your request to credit the ${formatMoney(credit.amountCents)} charge for the ${credit.projectType} lead in ${credit.place} and did not credit it.`,
      `Why: ${credit.reason}`,
      `If you have more to tell us, call us at ${contactPhone()}.`,
    ],
    action: {
      label: 'Open the lead',
      url: `${siteUrl()}/dashboard?lead=${encodeURIComponent(credit.leadId)}`,
      text: 'The lead on your dashboard',
    },
    note: [{ link: 'How credits work', url: `${siteUrl()}${CREDIT_RULES_PATH}` }],
    reason: REASON,
    template: 'lead_credit_declined',
    payload: { creditId: credit.id },
  });
}
