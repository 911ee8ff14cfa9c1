// Reviews only from real jobs (issue 23, Must 4): when a job may be reviewed, which shared
// details hold a review for moderation (and the words the moderator reads), why a review is
// withdrawn, and what the profile says "verified" means. Pure: shared by the server, the pages
// and the tests. docs/decisions.md ("Reviews only from real jobs") says why each rule is so.
import ipaddr from 'ipaddr.js';
import { isFreeMailDomain } from './integrity-rules.ts';

// ---------------------------------------------------------------------------------------------
// When a job may be reviewed
// ---------------------------------------------------------------------------------------------

/** One contractor's job on one lead, as the review rules see it. */
export interface JobState {
  /** The contractor's charge for the lead: only a paid one (not refunded) is a job booked here. */
  paymentStatus: string;
  /** The homeowner accepted this contractor's quote on the lead. */
  accepted: boolean;
  /** The contractor's stage for the lead. */
  stage: string;
  /** The homeowner said on their responses page that this contractor's job is done. */
  jobDone: boolean;
}

export const REVIEW_MESSAGES = {
  notOpen:
    'This job cannot be reviewed yet. A review opens when you accept this contractor’s quote and they mark the job completed, or when you tell us on your quotes page that the job is done.',
  refunded:
    'This job cannot be reviewed: the contractor’s charge for your request was refunded, so it no longer counts as a job booked through us.',
  notResponder: 'This contractor has not responded to your request.',
  held: 'Thank you! Your review was received. Our team checks it before it appears on the contractor’s profile; it will appear after that check.',
  heldReason:
    'Awaiting moderation: the reviewer shares contact details, a network or a browser with the business.',
} as const;

/** Why a job cannot be reviewed, or null when it can: the homeowner hired this contractor here
 * (accepted its quote and the job is COMPLETED, or said the job is done) and the lead's charge
 * still stands. A contractor's stage alone opens nothing. */
export function reviewRefusal(job: JobState): string | null {
  if (job.paymentStatus === 'refunded') return REVIEW_MESSAGES.refunded;
  if (job.paymentStatus !== 'paid') return REVIEW_MESSAGES.notOpen;
  if (job.accepted && job.stage === 'COMPLETED') return null;
  if (job.jobDone) return null;
  return REVIEW_MESSAGES.notOpen;
}

// The homeowner's "The job is done" on the responses page.
export const JOB_DONE_MESSAGES = {
  question: (business: string) => `Did ${business} finish the job?`,
  explain: (business: string) =>
    `Tell us only once the work is finished. We then send you a link to review ${business}; reviews here come only from homeowners who hired the contractor through us.`,
  doneNow: (business: string) =>
    `Thank you: you told us ${business} finished the job. We e-mailed you a link to review it, and you can write your review now.`,
  doneBefore: (business: string) => `You told us earlier that ${business} finished the job.`,
  reviewed: (business: string) => `You have already reviewed ${business} for this job.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Moderation: details a review's homeowner shares with the contractor
// ---------------------------------------------------------------------------------------------

type ReviewSignalKind = 'phone' | 'email_domain' | 'client_prefix' | 'device';

/** One reason a review waits for moderation, in words the moderator reads. */
export interface ReviewSignal {
  kind: ReviewSignalKind;
  detail: string;
}

/** What the homeowner's side of a review brings: its lead and the review's own request. */
export interface ReviewerSide {
  /** The lead's phone (ten digits). */
  phone: string | null;
  /** The lead's e-mail address. */
  email: string | null;
  /** The quote request's network and browser (the lead's client_prefix and device_hash). */
  requestPrefix: string | null;
  requestDevice: string | null;
  /** The network and browser the review was written from. */
  reviewPrefix: string | null;
  reviewDevice: string | null;
}

/** The contractor's side: the business and its owner's account. */
export interface ContractorSide {
  businessPhone: string | null;
  /** The phone the owner's account proved by a code. */
  ownerPhone: string | null;
  businessEmail: string | null;
  ownerEmail: string | null;
  website: string | null;
  /** Networks and browsers the owner's account was seen on (account_signals). */
  ownerPrefixes: readonly string[];
  ownerDevices: readonly string[];
}

/**
 * Domains many unrelated people share, so sharing one ties nobody: the free-mail providers, and
 * the three documentation domains of RFC 2606 (no real mailbox is there; every demo and test
 * account is).
 */
function isSharedDomain(domain: string): boolean {
  return isFreeMailDomain(domain) || ['example.com', 'example.net', 'example.org'].includes(domain);
}

/** Ten digits of a North American number however it is written ("(937) 555-0142", "+1 937..."). */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : null;
}

/** An e-mail address's domain, or a website's host without "www.", lower case; null if none. */
export function domainOf(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().toLowerCase();
  if (!text) return null;
  let host: string;
  if (text.includes('@')) host = text.slice(text.lastIndexOf('@') + 1);
  else {
    try {
      host = new URL(/^[a-z]+:\/\//.test(text) ? text : `https://${text}`).hostname;
    } catch {
      return null;
    }
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  return /^[a-z0-9.-]+\.[a-z0-9-]+$/.test(host) ? host : null;
}

/** One domain is the other or under it (mail.acme.com and acme.com are one business). */
function sameDomain(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/** Ranges that name no household: the machine itself, a private network, a proxy in between. */
const NOT_PERSONAL = new Set(['unspecified', 'loopback', 'private', 'linkLocal', 'uniqueLocal']);

/** Whether a client prefix (clientPrefix: "203.0.113.0/24", "2001:db8:1::/48") can tie two
 * people: not a loopback, private or link-local network (every local and test request is one). */
export function isPersonalPrefix(prefix: string): boolean {
  const base = prefix.split('/')[0] ?? '';
  if (!ipaddr.isValid(base)) return false;
  return !NOT_PERSONAL.has(ipaddr.process(base).range());
}

/**
 * Every detail a review's homeowner shares with the contractor's business or its owner's
 * account: a phone, an e-mail domain that is not a shared one, a network or a browser. Any one
 * holds the review for moderation; each is listed in words for the moderator.
 */
export function reviewSignals(reviewer: ReviewerSide, contractor: ContractorSide): ReviewSignal[] {
  const signals: ReviewSignal[] = [];
  const phone = phoneDigits(reviewer.phone);
  if (phone && phone === phoneDigits(contractor.businessPhone))
    signals.push({ kind: 'phone', detail: 'The homeowner’s phone is the business phone.' });
  if (phone && phone === phoneDigits(contractor.ownerPhone))
    signals.push({ kind: 'phone', detail: 'The homeowner’s phone is the phone the owner’s account proved.' });

  const domain = domainOf(reviewer.email);
  if (domain && !isSharedDomain(domain)) {
    const theirs: [string | null, string][] = [
      [domainOf(contractor.businessEmail), 'the business e-mail’s domain'],
      [domainOf(contractor.ownerEmail), 'the owner’s e-mail domain'],
      [domainOf(contractor.website), 'the business website’s domain'],
    ];
    for (const [other, what] of theirs) {
      if (other && !isSharedDomain(other) && sameDomain(domain, other))
        signals.push({ kind: 'email_domain', detail: `The homeowner’s e-mail is at ${domain}, ${what}.` });
    }
  }

  const places: [string | null, string][] = [
    [reviewer.requestPrefix, 'The quote request came from'],
    [reviewer.reviewPrefix, 'The review was written from'],
  ];
  for (const [prefix, where] of places) {
    if (prefix && isPersonalPrefix(prefix) && contractor.ownerPrefixes.includes(prefix))
      signals.push({
        kind: 'client_prefix',
        detail: `${where} a network the owner’s account used (${prefix}).`,
      });
  }
  const browsers: [string | null, string][] = [
    [reviewer.requestDevice, 'The quote request came from'],
    [reviewer.reviewDevice, 'The review was written from'],
  ];
  for (const [device, where] of browsers) {
    if (device && contractor.ownerDevices.includes(device))
      signals.push({ kind: 'device', detail: `${where} a browser the owner’s account used.` });
  }
  return signals;
}

// ---------------------------------------------------------------------------------------------
// Withdrawal: a review whose lead's charge was refunded
// ---------------------------------------------------------------------------------------------

/** Lead credit reasons (lead_credits.reason) in the words a withdrawn review's reason uses. */
const CREDIT_REASON_WORDS: Record<string, string> = {
  duplicate: 'a duplicate request',
  outside_area: 'outside the service area',
  bad_number: 'a phone number that does not work',
  fake: 'reported fake',
  reported: 'reported by its buyers',
  unanswered: 'never opened by the homeowner',
  fraud: 'found to be fraud',
  other: 'granted by our team',
};

/** The reason kept with a review withdrawn because its lead was credited back. */
export function withdrawnForCredit(creditReason: string): string {
  const words = CREDIT_REASON_WORDS[creditReason] ?? creditReason;
  return `Withdrawn: the contractor’s charge for this lead was refunded (lead credit: ${words}).`;
}

/** The reason kept with a review withdrawn because the payment provider refunded the charge. */
export const WITHDRAWN_FOR_REFUND =
  'Withdrawn: the contractor’s charge for this lead was refunded at the payment provider.';

// ---------------------------------------------------------------------------------------------
// What the public profile says "verified" means
// ---------------------------------------------------------------------------------------------

export const VERIFIED_REVIEWS_HEADING = 'What “verified” means';
export const VERIFIED_REVIEWS_EXPLAINED = [
  'A verified review comes from a homeowner who asked for a quote here, proved their phone by a code, and hired this contractor: they accepted its quote, or told us the job was done.',
  'Reviews whose lead was refunded to the contractor are withdrawn.',
  'Reviews from someone who shares contact details or a network with the business are checked by our team first.',
] as const;
