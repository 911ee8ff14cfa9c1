// Listing claims prove themselves (issue 23, Must 5): the numbers and words of confirming a claim
// by a code sent to the listing's public phone or mailed to an address at the listing website's
// domain, and how a confirmation reads. The code itself follows the phone codes' rules
// (integrity-rules.ts: 6 digits, 10 minutes, 5 tries). Pure: shared by the islands, the server
// and the tests. docs/decisions.md ("Listing claims prove themselves") says why each is so.
import { formatDate, maskedPhone } from './format.ts';
import { CODE_LENGTH } from './integrity-rules.ts';

/** Codes one claim may have sent (texts, calls and mails together) per window. */
export const CLAIM_CODE_SENDS_PER_CLAIM = 5;
/** Codes one client address (its /64 for IPv6) may have sent for claims per window. */
export const CLAIM_CODE_SENDS_PER_CLIENT = 10;
/** The window of both send limits, in minutes. */
export const CLAIM_CODE_WINDOW_MINUTES = 60;
/** Seconds before a claim may ask for another code. */
export const CLAIM_CODE_RESEND_SECONDS = 30;
/** How long the registration's proof cookie names the claim (then the claimant signs in). */
export const CLAIM_PROOF_MINUTES = 60;

/** The longest local part of an e-mail address (RFC 5321). */
export const LOCAL_PART_MAX = 64;
/** A plain local part: letters, digits and . _ % + -, no dot first, last or twice in a row. */
export const LOCAL_PART_PATTERN = /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*$/;

export type ClaimChannel = 'sms' | 'call' | 'email';
export const CLAIM_CHANNELS = ['sms', 'call', 'email'] as const satisfies readonly ClaimChannel[];

/** How each channel reads in "Confirmed by … to …". */
const CLAIM_CHANNEL_WORDS: Record<ClaimChannel, string> = {
  sms: 'text',
  call: 'phone call',
  email: 'e-mail',
};

export const CLAIM_PROOF_MESSAGES = {
  channel: 'Choose how to receive the code.',
  localPart: 'Enter the part of the address before the @ (letters, digits, dots, - or _).',
  codeFormat: `Enter the ${CODE_LENGTH}-digit code.`,
  noClaim: 'No claim of yours awaits confirmation.',
  signIn: 'This confirmation has expired. Sign in and confirm your claim from your dashboard.',
  alreadyConfirmed: 'This claim is already confirmed.',
  noPhone:
    'This listing has no phone number we can text or call. Confirm by e-mail at its website instead, or wait for our team to review your claim.',
  noWebsite:
    'This listing has no website, so a code cannot be mailed to its domain. Confirm by its phone instead.',
  refusedNumber:
    'We cannot text or call the phone number on this listing. Confirm by e-mail at its website instead, or wait for our team to review your claim.',
  sendFailed: 'We could not send a code just now. Please try again in a minute.',
  checkFailed: 'We could not check the code just now. Please try again in a minute.',
  noCode: 'Send a code first.',
  expired: 'This code has expired. Send a new code.',
  exhausted: 'Too many wrong tries. Send a new code.',
  wrong: (triesLeft: number) =>
    `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  resendWait: (seconds: number) =>
    `You can ask for a new code in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  sendLimited: (minutes: number) =>
    `Too many codes were sent for this claim. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  clientLimited: (minutes: number) =>
    `Too many codes were sent from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** What an approval of a claim nobody confirmed is refused with, unless it says it is deliberate. */
export const UNCONFIRMED_APPROVAL_REFUSED =
  'This claim is not confirmed: nobody proved the listing’s phone or website. Approve it only if you checked ownership another way, and confirm that you mean to.';

/**
 * The domain a claim code may be mailed to: the listing website's host without "www.", lower
 * case; null without a website, or for a host that is no mail domain (an IP address, a name
 * without a dot).
 */
export function websiteMailDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  let host: string;
  try {
    host = new URL(website).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '').replace(/^www\./, '');
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  if (!/^[a-z0-9.-]+$/.test(host) || host.split('.').some((label) => !label || label.length > 63))
    return null;
  return host;
}

/**
 * The listing's public phone as ten digits (a leading country code 1 dropped), null when it is
 * not a North American number's shape. Whether it can take a text or call is the provider's to
 * say (a refused number gets CLAIM_PROOF_MESSAGES.refusedNumber).
 */
export function listingPhoneDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? national : null;
}

/** How a claim was confirmed, as the claimant and the admin see it. */
export interface ClaimConfirmation {
  channel: ClaimChannel;
  /** Ten digits for a phone, the address for an e-mail. */
  target: string;
  /** ISO timestamp. */
  confirmedAt: string;
}

/** "(937) ••• ••44" for a phone, the address itself for an e-mail. */
export function confirmationTarget(channel: ClaimChannel, target: string): string {
  return channel === 'email' ? target : maskedPhone(target);
}

/** "Confirmed by text to (937) ••• ••44 on Nov 26, 2026", or "Not confirmed". */
export function confirmationText(confirmation: ClaimConfirmation | null): string {
  if (!confirmation) return 'Not confirmed';
  const { channel, target, confirmedAt } = confirmation;
  return `Confirmed by ${CLAIM_CHANNEL_WORDS[channel]} to ${confirmationTarget(channel, target)} on ${formatDate(confirmedAt)}`;
}
