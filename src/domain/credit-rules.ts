// Automatic credits (issue 14): the reasons a contractor may give for disputing a charged lead,
// the windows, and the words shown to contractors (on the dashboard and the public rules page,
// /lead-credit-rules). Which rules the server checks, and how, is in docs/decisions.md.

import {
  ANSWERED_WITHIN_HOURS,
  DUPLICATE_DAYS,
  REPORT_WINDOW_DAYS,
  UNOPENED_HOURS,
} from './integrity-rules.ts';

/** A charged lead may be disputed for this many days after its charge (a report counts in the same). */
export const CREDIT_WINDOW_DAYS = REPORT_WINDOW_DAYS;
/** The same homeowner for the same service sold to the same business this many days before: the
 * duplicate rule's own window. */
export const DUPLICATE_WINDOW_DAYS = DUPLICATE_DAYS;
/** Longest note a contractor may add to a dispute, in characters. */
export const CREDIT_NOTE_MAX = 500;

export const CREDIT_REASONS = [
  { value: 'duplicate', label: 'Duplicate: I already bought this homeowner’s request' },
  { value: 'outside_area', label: 'Outside my service area' },
  { value: 'bad_number', label: 'The phone number does not work' },
  { value: 'fake', label: 'Fake request: nobody there asked for it' },
  { value: 'other', label: 'Other (tell us why)' },
] as const;
/** A reason a contractor may choose. */
export type CreditReason = (typeof CREDIT_REASONS)[number]['value'];

/** Reasons only the platform gives (issue 23): every buyer refunded after enough buyers reported
 * the lead ('reported'), an answered lead the homeowner never opened ('unanswered'), a lead an
 * admin found to be fraud ('fraud'). */
export type AutomaticCreditReason = 'reported' | 'unanswered' | 'fraud';
/** Any reason a credit row holds. */
export type CreditRowReason = CreditReason | AutomaticCreditReason;

/** The reasons a buyer gives when reporting a lead as not real: two such buyers refund them all. */
export const REPORT_REASONS: readonly CreditRowReason[] = ['fake', 'bad_number'];

/** How each credit's reason is shown wherever credits are (billing, dashboard, admin pages). */
const CREDIT_REASON_LABELS: Record<CreditRowReason, string> = {
  duplicate: 'Duplicate request',
  outside_area: 'Outside the service area',
  bad_number: 'Phone number does not work',
  fake: 'Fake request',
  other: 'Other',
  reported: 'Reported fake by other buyers',
  unanswered: 'Homeowner never opened your answer',
  fraud: 'Fraudulent request',
};

export const creditReasonLabel = (reason: string): string =>
  (CREDIT_REASON_LABELS as Record<string, string>)[reason] ?? reason;

/** Paid leads the unanswered-lead job looks at: those charged within this many days (a lead is due
 * ANSWERED_WITHIN_HOURS + UNOPENED_HOURS after its charge at the latest, so this leaves weeks for a
 * job that did not run). */
export const UNANSWERED_LOOKBACK_DAYS = 30;

/** The finding of an 'unanswered' credit, in the contractor's words. */
export function unansweredFinding(answeredAfterMinutes: number): string {
  const hours = Math.floor(answeredAfterMinutes / 60);
  const minutes = answeredAfterMinutes % 60;
  const after = hours ? `${hours} h ${minutes} min` : `${minutes} min`;
  return `You answered ${after} after the charge (within ${ANSWERED_WITHIN_HOURS} hours), and the homeowner did not open the page with your answer within ${UNOPENED_HOURS} hours, so this lead is credited back to your card.`;
}

/** The public page with the rules, linked from the dispute form and the billing page. */
export const CREDIT_RULES_PATH = '/lead-credit-rules';

export type CreditStatus = 'refunding' | 'refunded' | 'open' | 'approved' | 'denied';

/** Where a credit stands, in the contractor's words (the billing page's row). */
export const CREDIT_STATUS_LABELS: Record<CreditStatus, string> = {
  refunding: 'refund under way',
  refunded: 'refunded to your card',
  open: 'with our support team',
  approved: 'granted',
  denied: 'declined',
};

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
