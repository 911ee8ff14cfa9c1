// Proving a homeowner's phone by a code (issue 23): the code's length and life, the line types and
// channels, and the words the wizard shows. The part of the integrity rules the browser needs
// (integrity-rules.ts re-exports it with the server's rules).

/** Digits in a phone code. */
export const CODE_LENGTH = 6;
/** A code works this many minutes after it was sent. */
export const CODE_MINUTES = 10;
/** Wrong codes a verification takes before a new code must be sent. */
export const CODE_TRIES = 5;
/** Requests a day (24 hours) from one proven phone number. */
export const REQUESTS_PER_PHONE_PER_DAY = 3;
/** Requests a day (24 hours) for one street address and ZIP code. */
export const REQUESTS_PER_ADDRESS_PER_DAY = 3;

export type LineType = 'mobile' | 'landline' | 'voip' | 'other' | 'unknown';
export type CodeChannel = 'sms' | 'call';

export const LINE_TYPE_LABELS: Record<LineType, string> = {
  mobile: 'Mobile',
  landline: 'Landline',
  voip: 'Internet phone (VoIP)',
  other: 'Other line',
  unknown: 'Line type unknown',
};

/** The brand as texts and calls name it. */
export const SMS_BRAND = 'Dayton Contractors';

/** Why a phone is asked for, on the wizard's last step. */
export const PHONE_PROOF_WHY =
  'We text you a code so contractors know you are real; we never share your number before you are matched.';

export const PHONE_PROOF_MESSAGES = {
  codeFormat: `Enter the ${CODE_LENGTH}-digit code.`,
  expired: 'This code has expired. Send a new code.',
  exhausted: 'Too many wrong tries. Send a new code.',
  noCode: 'Send a code to your phone first.',
  sendFailed: 'We could not send a code just now. Please try again in a minute.',
  checkFailed: 'We could not check the code just now. Please try again in a minute.',
  checking: 'Your code is being checked. Please try again in a moment.',
  notUs: 'We can send codes only to US phone numbers.',
  resendWait: (seconds: number) =>
    `You can ask for a new code in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  sendLimited: (minutes: number) =>
    `Too many codes were sent. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  wrong: (triesLeft: number) =>
    `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  unknownRequest: 'We could not find this request. Please send it again.',
  phoneLimited: `This phone number has sent ${REQUESTS_PER_PHONE_PER_DAY} requests today. Please try again tomorrow.`,
  addressLimited: `This address has ${REQUESTS_PER_ADDRESS_PER_DAY} requests today. Please try again tomorrow.`,
  blocked:
    'We cannot accept requests from these contact details. If you think this is a mistake, contact support.',
} as const;

/** Where the homeowner's code stands, as the server tells the wizard. */
export interface CodeState {
  /** The number the code went to, mostly hidden: "(937) ••• ••87". */
  phone: string;
  channel: CodeChannel;
  lineType: LineType | null;
  expiresAt: string;
  /** When a new code may be asked for. */
  resendAt: string;
  triesLeft: number;
}
