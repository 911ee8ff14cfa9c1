// The admin leads page's words: what each qualification means (why a lead was sold or not), the
// charge statuses, and the re-send's messages. Not worded by the spec (it does not show the admin
// pages' contents). Pure: shared by the server and the island.
import {
  DEFAULT_CONTRACTORS_PER_LEAD,
  MAX_CONTRACTORS_PER_LEAD,
  QUOTE_CONFIRM_HOURS,
  QUOTE_DUPLICATE_DAYS,
} from './quote-rules.ts';

export const ADMIN_LEADS_PAGE_SIZE = 25;

export const LEAD_QUALIFICATIONS = [
  'unconfirmed',
  'awaiting_email',
  'held',
  'blocked',
  'pending',
  'qualified',
  'unmatched',
  'duplicate',
  'out_of_area',
  'expired',
] as const;
export type LeadQualification = (typeof LEAD_QUALIFICATIONS)[number];

export const QUALIFICATION_LABELS: Record<LeadQualification, string> = {
  unconfirmed: 'Phone not proven',
  awaiting_email: 'Awaiting e-mail (VoIP)',
  held: 'Held for review',
  blocked: 'Blocked as fraud',
  pending: 'Being sent',
  qualified: 'Qualified',
  unmatched: 'Qualified, no pro yet',
  duplicate: 'Duplicate',
  out_of_area: 'Outside our area',
  expired: 'Expired',
};

/** Why the lead stands where it does, from its qualification and what it holds. */
export function qualificationReason(
  qualification: string,
  facts: { zipCode: string | null; paidPros: number; holdReason?: string | null },
): string {
  switch (qualification) {
    case 'unconfirmed':
      return `The homeowner has not typed the code sent to their phone yet. Nothing is sent to pros before; the request expires after ${QUOTE_CONFIRM_HOURS} hours.`;
    case 'awaiting_email':
      return `The phone was proven, but it is an internet (VoIP) line: the request waits for the homeowner to confirm their e-mail address too, and expires after ${QUOTE_CONFIRM_HOURS} hours without it.`;
    case 'held':
      return `Held for an admin in the fraud queue${facts.holdReason ? `: ${facts.holdReason}` : ''}. Not sold unless released.`;
    case 'blocked':
      return `Refused as fraud${facts.holdReason ? `: ${facts.holdReason}` : ''}. Never sold.`;
    case 'pending':
      return 'Confirmed and in our area; the pipeline has not finished sending it yet (the five-minute sweep finishes it).';
    case 'qualified':
      return `Confirmed, and ZIP code ${facts.zipCode ?? '(none)'} is in our service area: sold to ${facts.paidPros} pro${facts.paidPros === 1 ? '' : 's'} (up to ${DEFAULT_CONTRACTORS_PER_LEAD} by default).`;
    case 'unmatched':
      return `Confirmed, and ZIP code ${facts.zipCode ?? '(none)'} is in our service area, but no matching pro could be charged for it (none matched, or each was paused, at a cap, or declined).`;
    case 'duplicate':
      return `The same phone, street address or mailbox asked for the same service within ${QUOTE_DUPLICATE_DAYS} days: not sold again.`;
    case 'out_of_area':
      return `ZIP code ${facts.zipCode ?? '(none)'} is not in any of our service areas: not sold.`;
    case 'expired':
      return `Its phone was not proven (or a VoIP line's e-mail not confirmed) within ${QUOTE_CONFIRM_HOURS} hours: expired, its photos deleted, never sold.`;
    default:
      return qualification;
  }
}

export const qualificationLabel = (q: string): string =>
  (QUALIFICATION_LABELS as Record<string, string>)[q] ?? q;

export const CHARGE_LABELS: Record<string, string> = {
  pending: 'Charge pending',
  paid: 'Paid',
  failed: 'Declined',
  refunded: 'Refunded',
};

export const CREDIT_LABELS: Record<string, string> = {
  refunding: 'Refund under way',
  refunded: 'Refunded',
  open: 'Disputed, waiting for an admin',
  approved: 'Credit granted',
  denied: 'Credit declined',
};

/** The qualifications a lead may be re-sent from: those the pipeline sells. */
export const RESENDABLE: readonly string[] = ['qualified', 'unmatched'];

export const ADMIN_LEAD_MESSAGES = {
  leadNotFound: 'Lead not found',
  noLeads: 'No leads match these filters.',
  noNextPro:
    'There is no next pro for this lead: every matching pro with a card on file has received it already, or is paused or at its limit.',
  maxPros: `This lead has gone to ${MAX_CONTRACTORS_PER_LEAD} pros, the most one lead may go to.`,
  notResendable: (label: string) => `Only a qualified lead can be re-sent; this one is "${label}".`,
  unprovenNotResendable:
    'This request was never proven by a code sent to its phone (it is older than that rule): it is not sold again.',
  reportedNotResendable:
    'This lead was refunded to its buyers as fake or unreachable (or blocked as fraud): it is never sold again.',
  resendUnderWay: 'This re-send is still under way. Try again in a moment.',
  keyOfAnotherLead: 'This re-send was started for another lead. Reload the page and try again.',
  scoreNotRecorded: 'not recorded',
} as const;
