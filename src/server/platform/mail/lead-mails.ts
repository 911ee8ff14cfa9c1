// The quote pipeline's mails: the lead to a contractor who paid, the notice to one whose card was
// declined, and the homeowner's confirmation; in the mail layout, each with its one button.
import { formatBudget, formatPhone } from '../../../domain/format.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { ContractorCard } from '../../../schemas/inbox.ts';
import {
  LEAD_PRICE_CENTS,
  QUOTE_CONFIRM_HOURS as CONFIRM_HOURS,
  QUOTE_DUPLICATE_DAYS as DUPLICATE_DAYS,
  timelineLabel,
} from '../../../domain/quote-rules.ts';
import { replyPromise } from '../../../domain/reply-promise.ts';
import { PAYMENT_SETUP_PATH } from '../../../domain/billing-rules.ts';
import { leadTrust, trustText } from '../../../domain/lead-trust.ts';
import { siteUrl } from '../config/site.ts';
import { layoutMail, type MailCard } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

type Recipient = { name: string; email: string };

type TrustFacts = Parameters<typeof leadTrust>[0];

/** What these mails read of a stored lead (the quote pipeline's LeadRow has all of it). */
interface MailLead extends TrustFacts {
  id: string;
  name: string;
  email: string;
  phone: string;
  city: string | null;
  zip_code: string | null;
  project_type: string;
  project_description: string;
  timeline: string;
  budget_min: number;
  budget_max: number;
  property_address: string;
  preferred_contact_method: string;
}

/** A contractor a lead was sold to, with the reply time it states (null: none stated). */
export type PaidContractor = { name: string; responseTimeHours: number | null };

const LEAD_PRICE = formatMoney(LEAD_PRICE_CENTS);

const HOMEOWNER_REASON = 'you asked for quotes on Dayton Contractors';
const CONTRACTOR_REASON = 'your business receives leads from Dayton Contractors';

/** A paid contractor gets the homeowner's contact details; the button opens the lead in the
 * dashboard (its distribution, /dashboard?lead=<id>), or the Leads tab when it is not given. */
export function leadMail(
  contractor: Recipient & { responseTimeHours?: number | null },
  lead: MailLead,
  distributionId?: string,
): OutgoingMail {
  return layoutMail({
    to: contractor.email,
    subject: `New lead: ${lead.project_type} in ${lead.city ?? lead.zip_code}`,
    heading: `New lead: ${lead.project_type} in ${lead.city ?? lead.zip_code}`,
    paragraphs: [
      `${contractor.name}, you have a new lead (${LEAD_PRICE} charged to your card on file).`,
      [
        `Service: ${lead.project_type}`,
        `Timeline: ${timelineLabel(lead.timeline)}`,
        `Budget: ${formatBudget(lead.budget_min, lead.budget_max)}`,
        `Address: ${lead.property_address} ${lead.zip_code ?? ''}`.trim(),
      ],
      { quote: lead.project_description },
      [
        `Homeowner: ${lead.name}`,
        `E-mail: ${lead.email}`,
        `Phone: ${lead.phone}`,
        `Prefers: ${lead.preferred_contact_method}`,
      ],
      ['What we checked before sending it to you:', ...trustText(leadTrust(lead))],
      // The homeowner's promise is the slowest stated time of the pros it went to, so the
      // contractor's own stated time always keeps it (src/domain/reply-promise.ts).
      `You state that you reply ${replyPromise([contractor.responseTimeHours])}; the homeowner was told to expect replies no later than that.`,
    ],
    action: {
      label: 'Open the lead',
      url: `${siteUrl()}/dashboard${distributionId ? `?lead=${distributionId}` : ''}`,
      text: 'Reply from your dashboard',
    },
    reason: CONTRACTOR_REASON,
    template: 'lead_new',
    payload: { leadId: lead.id },
  });
}

/** A declined contractor learns of the lead but not who the homeowner is. */
export function declinedLeadMail(contractor: Recipient, lead: MailLead, reason: string): OutgoingMail {
  return layoutMail({
    to: contractor.email,
    subject: 'A lead could not be sent to you: payment declined',
    heading: 'A lead could not be sent to you',
    paragraphs: [
      `${contractor.name}, a ${lead.project_type} lead in ${lead.city ?? lead.zip_code} matched your business, but the ${LEAD_PRICE} charge to your card on file failed: ${reason}`,
    ],
    action: {
      label: 'Fix my card',
      url: `${siteUrl()}${PAYMENT_SETUP_PATH}`,
      text: 'Fix your card to receive the next one',
    },
    note: [{ link: 'Your charges and failed payments', url: `${siteUrl()}/contractor/billing` }],
    reason: CONTRACTOR_REASON,
    template: 'lead_payment_failed',
    payload: { leadId: lead.id },
  });
}

/** Once the request is sold: the contractors who received it, if any, and the reply promise
 * their stated reply times make (the slowest of them; none: 24 hours). Sold (issue 25): the
 * contractors as cards and the one button opening the request's private page, where the quotes
 * are compared and the contractors messaged; otherwise the button browses local contractors. */
export function quoteConfirmationMail(
  lead: MailLead,
  contractors: readonly PaidContractor[],
  /** Issue 25: the contractors as cards, and the request's private page. */
  people?: { cards: readonly ContractorCard[]; link: string },
): OutgoingMail {
  const promise = replyPromise(contractors.map((c) => c.responseTimeHours));
  const names = contractors.map((c) => c.name);
  const cards: MailCard[] = (people?.cards ?? []).map((c) => ({
    card: {
      title: c.name,
      lines: [
        c.rating ? `Rating: ${c.ratingText}` : 'New: no reviews yet',
        `${c.licence} · ${c.insurance} · ${c.responds}`,
        ...(c.phone ? [`Call: ${formatPhone(c.phone)}`] : []),
      ],
      ...(c.slug
        ? { link: { link: `See ${c.name}’s profile`, url: `${siteUrl()}/contractor/${c.slug}` } }
        : {}),
    },
  }));
  return layoutMail({
    to: lead.email,
    subject: 'We received your quote request',
    heading: 'We received your quote request',
    greeting: lead.name,
    paragraphs: [
      `Thank you for your ${lead.project_type} request.`,
      contractors.length
        ? `We sent it to ${names.length} verified local contractor${names.length === 1 ? '' : 's'}: ${names.join(', ')}. Expect a reply ${promise}.`
        : `We are finding the right contractor for it and will be in touch ${promise}.`,
      ...cards,
    ],
    action: people
      ? {
          label: 'See your request',
          url: people.link,
          text: 'See your request, compare their quotes and message them',
        }
      : { label: 'Browse local contractors', url: `${siteUrl()}/contractors`, text: 'Local contractors' },
    reason: HOMEOWNER_REASON,
    template: 'quote_confirmation',
    payload: { leadId: lead.id },
  });
}

/**
 * The e-mail link, sent once the phone is proven: it confirms the address the replies go to.
 * A request from a VoIP line waits for it before it is sold ('awaiting_email'); a held one waits
 * for our team; any other is on its way already. The page confirms by POST, so a mail scanner
 * opening the link confirms nothing.
 */
export function confirmEmailMail(
  lead: Pick<MailLead, 'id' | 'name' | 'email' | 'project_type'>,
  token: string,
  standing: 'pending' | 'awaiting_email' | 'held' | (string & {}),
): OutgoingMail {
  const link = `${siteUrl()}/quote-request/confirm?token=${token}`;
  const waits = standing === 'awaiting_email';
  const subject = waits ? 'Confirm your e-mail to send your quote request' : 'Confirm your e-mail address';
  return layoutMail({
    to: lead.email,
    subject,
    heading: subject,
    greeting: lead.name,
    paragraphs: [
      waits
        ? `Your phone number is an internet (VoIP) line, so we also confirm your e-mail before your ${lead.project_type} request goes to contractors.`
        : `Please confirm this is your e-mail address, so contractors know their replies to your ${lead.project_type} request reach you.`,
    ],
    action: { label: 'Confirm my e-mail', url: link },
    note: [
      waits
        ? `The link works for ${CONFIRM_HOURS} hours; after that the request and its photos are deleted.`
        : standing === 'held'
          ? 'Our team checks your request before it goes to contractors; we e-mail you as soon as it does.'
          : 'Your request does not wait for this: it is on its way to contractors.',
      'If you did not ask for quotes, ignore this e-mail.',
    ],
    reason: 'someone asked for quotes on Dayton Contractors with this address',
    template: 'quote_confirm_email',
    payload: { leadId: lead.id },
  });
}

/** The same person (phone, street address or mailbox) asked for the same service within 30 days:
 * we say so, to the address of the new request (its phone was proven). */
export function duplicateRequestMail(
  lead: Pick<MailLead, 'id' | 'name' | 'email' | 'project_type'>,
): OutgoingMail {
  return layoutMail({
    to: lead.email,
    subject: 'You already have a quote request with us',
    heading: 'You already have a quote request with us',
    greeting: lead.name,
    paragraphs: [
      `You asked us for ${lead.project_type} quotes within the last ${DUPLICATE_DAYS} days (with the same phone, address or e-mail), so we did not send this request again: contractors who already have the first one will reply to it.`,
    ],
    action: { label: 'Browse local contractors', url: `${siteUrl()}/contractors`, text: 'Local contractors' },
    reason: HOMEOWNER_REASON,
    template: 'quote_duplicate',
    payload: { leadId: lead.id },
  });
}
