// Automatic credits (issue 14): the reasons a contractor may give for disputing a charged lead,
// the windows, and the words shown to contractors (on the dashboard and the public rules page,
// /lead-credit-rules). Which rules the server checks, and how, is in docs/decisions.md.

/** A charged lead may be disputed for this many days after its charge. */
export const CREDIT_WINDOW_DAYS = 7;
/** The same homeowner for the same service sold to the same business this many days before. */
export const DUPLICATE_WINDOW_DAYS = 30;
/** Longest note a contractor may add to a dispute, in characters. */
export const CREDIT_NOTE_MAX = 500;

export const CREDIT_REASONS = [
  { value: 'duplicate', label: 'Duplicate: I already bought this homeowner’s request' },
  { value: 'outside_area', label: 'Outside my service area' },
  { value: 'bad_number', label: 'The phone number does not work' },
  { value: 'other', label: 'Other (tell us why)' },
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number]['value'];

/** The public page with the rules, linked from the dispute form and the billing page. */
export const CREDIT_RULES_PATH = '/lead-credit-rules';

export type CreditStatus = 'refunding' | 'refunded' | 'open' | 'approved' | 'denied';

export const CREDIT_MESSAGES = {
  refunded: 'Credited: the charge was refunded to your card.',
  /** A dispute the rules do not settle: spec, "A refund request only tells the user to contact support". */
  queued:
    'Your request is with our support team: they will review it and contact you. For anything urgent, contact support.',
  tooLate: `Leads can be disputed within ${CREDIT_WINDOW_DAYS} days of their charge; this one is older. Contact support if something is wrong with it.`,
  notCharged: 'Only a lead you paid for can be disputed.',
  already: 'You already disputed this lead.',
  noteRequired: 'Tell us why you dispute this lead.',
  noteTooLong: `Keep the note under ${CREDIT_NOTE_MAX} characters.`,
  reasonRequired: 'Choose a reason.',
} as const;
