// A fair response clock (issue 27, Must 5): a contractor's response figures count only the minutes
// it declared itself open (its business hours, Dayton time) and was not away; while away it is sold
// no lead. The away period's limits and words, and what the figures take into account. Shared by
// the dashboard's island and the server (the minutes themselves are the SQL function open_minutes).

export const AWAY_REASONS = ['vacation', 'emergency', 'other'] as const;
export type AwayReason = (typeof AWAY_REASONS)[number];

export const AWAY_REASON_WORDS: Record<AwayReason, string> = {
  vacation: 'Vacation',
  emergency: 'Emergency',
  other: 'Other',
};

/** The longest away period (days); a longer break is a pause (Lead limits). */
export const AWAY_MAX_DAYS = 90;

/** How far ahead an away period may start (days). */
export const AWAY_AHEAD_DAYS = 365;

/**
 * A lead counts in the response rate once it was answered, or had this many open hours to be:
 * one sent on Friday evening is not a miss before Monday's working day has passed.
 */
export const RESPONSE_RATE_OPEN_HOURS = 8;

/** Matching ranks by the measured response (open minutes) once there are this many in the window. */
export const MEASURED_RESPONSES_TO_RANK = 3;

export const AWAY_MESSAGES = {
  date: 'Enter a date like 2026-12-24.',
  reason: 'Choose why you are away.',
  past: 'Choose today or a later day.',
  tooFar: `An away period can start up to ${AWAY_AHEAD_DAYS} days ahead.`,
  endBeforeStart: 'The last day cannot be before the first.',
  tooLong: `An away period can last up to ${AWAY_MAX_DAYS} days. For longer, pause new leads in Lead limits.`,
  saved: 'Your away time is saved. No leads are sent to you while you are away.',
  ended: 'Welcome back. New leads are sent to you again.',
  cancelled: 'That away time is cancelled.',
  notAway: 'That away time was not found. It may have ended already.',
  failed: 'Your away time could not be saved. Please try again.',
} as const;
