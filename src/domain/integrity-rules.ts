// Lead integrity (issue 23): the numbers and words of proving a homeowner's phone by a code,
// the limits and duplicate rules that follow the person rather than the mailbox, contractors'
// reports of fake leads, reviews only from real jobs and listing claims that prove themselves.
// Pure: shared by the server and the tests (the wizard's part is phone-proof-rules.ts, re-exported
// here). docs/decisions.md says why each is so.
import { CODE_MINUTES, SMS_BRAND, type LineType } from './phone-proof-rules.ts';

export * from './phone-proof-rules.ts';

/** Codes sent to one phone number per hour (a code by text and one by call count two). */
export const CODE_SENDS_PER_PHONE_PER_HOUR = 5;
/** Codes sent for one e-mail address per hour. */
export const CODE_SENDS_PER_EMAIL_PER_HOUR = 5;
/** Codes sent to one client address (its /64 for IPv6) per hour. */
export const CODE_SENDS_PER_CLIENT_PER_HOUR = 10;
/** Seconds before a new code may be asked for the same request. */
export const CODE_RESEND_SECONDS = 30;
/** A phone proven for an e-mail address stays proven for this many days. */
export const PROVEN_PHONE_DAYS = 90;

/**
 * Distinct addresses at one e-mail domain (not a free-mail provider) within 24 hours: the request
 * that makes this many, and every later one, is held for an admin instead of sold.
 */
export const LOCAL_PARTS_PER_DOMAIN_PER_DAY = 3;
/** A request with the same phone, or the same street address, for the same service within this
 * many days (the credit rule's window) is a duplicate, never sold again. */
export const DUPLICATE_DAYS = 30;
/** Two descriptions sharing at least this share of their wording are near-duplicates. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;
/** Near-duplicate descriptions are looked for among the requests of this many days. */
export const NEAR_DUPLICATE_DAYS = 30;

/** Buyers of one lead whose reports of a fake or unreachable lead refund every buyer. */
export const REPORTS_TO_REFUND = 2;
/** A report counts within this many days of the buyer's charge. */
export const REPORT_WINDOW_DAYS = 7;

/** An answer within this many hours of the sale makes an unopened lead the platform's loss. */
export const ANSWERED_WITHIN_HOURS = 4;
/** Hours after the contractor's answer in which the homeowner must open the responses page. */
export const UNOPENED_HOURS = 48;

/**
 * Free-mail providers: many people share these domains, so many addresses at one of them say
 * nothing. Any other domain with many fresh addresses in a day looks like one catch-all mailbox.
 */
const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'aol.com',
  'att.net',
  'bellsouth.net',
  'charter.net',
  'comcast.net',
  'cox.net',
  'earthlink.net',
  'fastmail.com',
  'frontier.com',
  'gmail.com',
  'gmx.com',
  'googlemail.com',
  'hotmail.com',
  'icloud.com',
  'live.com',
  'mac.com',
  'mail.com',
  'me.com',
  'msn.com',
  'outlook.com',
  'proton.me',
  'protonmail.com',
  'roadrunner.com',
  'rr.com',
  'sbcglobal.net',
  'spectrum.net',
  'verizon.net',
  'windstream.net',
  'yahoo.com',
  'ymail.com',
  'zoho.com',
  // Ohio's and the Midwest's internet providers' mail (Spectrum's regional rr.com names, such as
  // woh.rr.com for western Ohio, match through their parent domain).
  'ameritech.net',
  'centurylink.net',
  'embarqmail.com',
  'fuse.net',
  'insightbb.com',
  'juno.com',
  'netzero.net',
  'q.com',
  'twc.com',
  'wowway.com',
  // Other widely shared mail services.
  'aim.com',
  'duck.com',
  'gmx.net',
  'gmx.us',
  'hey.com',
  'pm.me',
  'protonmail.ch',
  'tutanota.com',
  'yahoo.co.uk',
  'yandex.com',
]);

/** Providers that ignore dots in the local part (j.smith@ and jsmith@ are one mailbox). */
const DOTLESS_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

export function emailDomain(email: string): string {
  return email.trim().toLowerCase().split('@').pop() ?? '';
}

/**
 * Whether many addresses at the domain say nothing about one mailbox: a free-mail provider's, or a
 * domain reserved for examples and tests (RFC 2606, RFC 6761: example.com/.net/.org and the .test,
 * .example, .invalid and .localhost names), which belongs to nobody (the demo data and the tests
 * use it; no reply could reach such an address anyway).
 */
export function isFreeMailDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  // A provider's own subdomains are the provider's (woh.rr.com is Spectrum's rr.com).
  const parents = name.split('.').map((_, i, parts) => parts.slice(i).join('.'));
  return (
    parents.some((parent) => FREE_MAIL_DOMAINS.has(parent)) ||
    /^example\.(com|net|org)$/.test(name) ||
    /(^|\.)(test|example|invalid|localhost)$/.test(name)
  );
}

/**
 * One mailbox's key: lower case, a +tag dropped, and for Gmail the dots too, so
 * jane+1@, j.ane@ and jane@ count as one person for limits and duplicates.
 */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  let domain = lower.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, '');
  return `${local || lower.slice(0, at)}@${domain}`;
}

/** Street words and their usual abbreviations, so "12 North Main Street" and "12 N Main St" match. */
const STREET_WORDS: Record<string, string> = {
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  boulevard: 'blvd',
  place: 'pl',
  circle: 'cir',
  parkway: 'pkwy',
  highway: 'hwy',
  terrace: 'ter',
  trail: 'trl',
  pike: 'pk',
  square: 'sq',
  apartment: 'apt',
  suite: 'ste',
  unit: 'unit',
  number: 'no',
};

/**
 * A street address and ZIP code as one key: lower case, punctuation gone, street words
 * abbreviated, and the city, state and ZIP the address may end with dropped (the ZIP is the
 * form's own field). "100 Main Street, Dayton, OH 45402" and "100 main st" in 45402 match.
 */
export function addressKey(address: string, zipCode: string): string {
  const words = address
    .toLowerCase()
    .replace(/,\s*(dayton|[a-z .'-]+)?,?\s*(oh|ohio)?\.?\s*\d{5}(-\d{4})?\s*$/u, '')
    .replace(/,\s*(oh|ohio)\s*$/u, '')
    .replace(/[^a-z0-9\s]/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word);
  return `${words.join(' ')}|${zipCode.trim()}`;
}

/**
 * A description's bottom-k sketch: the 64 smallest 32-bit FNV-1a hashes of its word triples
 * (pairs for a short text), sorted. Two texts' sketches estimate how much of their wording they
 * share (sketchSimilarity), and a GIN index finds the requests that share any of it.
 */
export function textSketch(text: string): number[] {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean);
  const size = words.length >= 8 ? 3 : Math.min(2, words.length);
  const hashes = new Set<number>();
  for (let i = 0; i + size <= words.length; i += 1) hashes.add(fnv1a32(words.slice(i, i + size).join(' ')));
  return [...hashes].sort((a, b) => a - b).slice(0, SKETCH_SIZE);
}

/**
 * The share of wording two sketches have in common (0 to 1): among the smallest hashes of their
 * union, the fraction both hold (Broder's bottom-k estimate of the Jaccard index).
 */
export function sketchSimilarity(a: readonly number[], b: readonly number[]): number {
  const inB = new Set(b);
  const union = [...new Set([...a, ...b])].sort((x, y) => x - y).slice(0, SKETCH_SIZE);
  if (union.length === 0) return 0;
  const inA = new Set(a);
  return union.filter((h) => inA.has(h) && inB.has(h)).length / union.length;
}

const SKETCH_SIZE = 64;

/** FNV-1a, 32 bits, as a signed integer (PostgreSQL's integer). */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The E.164 form of a ten-digit North American number. */
export function e164(digits: string): string {
  return `+1${digits.slice(-10)}`;
}

/** What the code's text says (the sandbox writes the same words Twilio Verify's template does). */
export function codeText(code: string): string {
  return `Your ${SMS_BRAND} code is ${code}. It expires in ${CODE_MINUTES} minutes. Never share it.`;
}

/** What the voice call reads out: the digits one by one, twice. */
export function codeCallText(code: string): string {
  const spoken = code.split('').join(', ');
  return `Your ${SMS_BRAND} verification code is ${spoken}. Again: ${spoken}.`;
}

/**
 * The sandbox's line types (no Lookup without Twilio): a number ending in 00 is a landline (its
 * code comes by a voice call), one ending in 99 is an internet phone (VoIP), any other a mobile.
 */
export function sandboxLineType(digits: string): LineType {
  if (digits.endsWith('00')) return 'landline';
  if (digits.endsWith('99')) return 'voip';
  return 'mobile';
}
