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
