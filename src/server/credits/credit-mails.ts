// The contractor's mail when a disputed lead is credited back to their card.
import { formatMoney } from '../../domain/money.ts';
import { CREDIT_RULES_PATH } from '../../domain/credit-rules.ts';
import { siteUrl } from '../config.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

export function creditRefundedMail(
  contractor: { name: string; email: string },
  credit: { id: string; amountCents: number; finding: string; projectType: string; place: string },
): OutgoingMail {
  const amount = formatMoney(credit.amountCents);
  return {
    to: contractor.email,
    subject: `Lead credited: ${amount} refunded to your card`,
    template: 'lead_credit_refunded',
    payload: { creditId: credit.id },
    text: [
      `${contractor.name}, we refunded the ${amount} charge for the ${credit.projectType} lead in ${credit.place}.`,
      '',
      credit.finding,
      '',
      'The refund goes back to the card that paid; banks usually show it within 5 to 10 business days.',
      `Your billing: ${siteUrl()}/contractor/billing`,
      `How credits work: ${siteUrl()}${CREDIT_RULES_PATH}`,
    ].join('\n'),
  };
}

/** The contractor's mail when an admin reviewed a disputed lead and did not credit it. */
export function creditDeclinedMail(
  contractor: { name: string; email: string },
  credit: { id: string; amountCents: number; reason: string; projectType: string; place: string },
): OutgoingMail {
  return {
    to: contractor.email,
    subject: 'Your lead credit request was reviewed',
    template: 'lead_credit_declined',
    payload: { creditId: credit.id },
    text: [
      `${contractor.name}, our team reviewed your request to credit the ${formatMoney(credit.amountCents)} charge for the ${credit.projectType} lead in ${credit.place} and did not credit it.`,
      '',
      `Why: ${credit.reason}`,
      '',
      'Reply to this mail or contact support if you have more to tell us.',
      `The lead on your dashboard: ${siteUrl()}/dashboard`,
      `How credits work: ${siteUrl()}${CREDIT_RULES_PATH}`,
    ].join('\n'),
  };
}
