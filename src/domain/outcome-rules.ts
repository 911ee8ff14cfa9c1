// Outcomes told (issue 27, Must 6): what a homeowner answers about a request once contractors
// responded, when they are asked, what each buyer of the lead is shown, and the limit on
// homeowners who never answer and keep requesting. Shared by the pages and the server.

export const OUTCOMES = ['hired', 'postponed', 'not_going_ahead'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The question is mailed this long after the last contractor response (quiet: no new reply). */
export const OUTCOME_ASK_AFTER_HOURS = 48;

/** Requests whose last response is older than this are not asked any more. */
export const OUTCOME_ASK_WITHIN_DAYS = 30;

/**
 * A homeowner asked about this many requests in OUTCOME_UNANSWERED_DAYS who answered none of
 * them sends no new request until they answer one.
 */
export const OUTCOME_UNANSWERED_LIMIT = 2;
export const OUTCOME_UNANSWERED_DAYS = 90;

/** What a buyer of the lead sees: whom the homeowner hired only when it was them. */
export type BuyerOutcome = 'hired_you' | 'hired_other' | 'postponed' | 'not_going_ahead';

export const BUYER_OUTCOME_WORDS: Record<BuyerOutcome, string> = {
  hired_you: 'The homeowner hired you.',
  hired_other: 'The homeowner hired another pro.',
  postponed: 'The homeowner put the project off for now.',
  not_going_ahead: 'The homeowner is not going ahead with the project.',
};

export const OUTCOME_MESSAGES = {
  question: 'What happened with your request?',
  explain:
    'Your answer helps the contractors you heard from, and keeps our lead figures honest. Each contractor sees only whether it was hired, never whom you hired.',
  postponed: 'I put it off for now',
  notGoingAhead: 'I am not going ahead',
  hired: (name: string) => `I hired ${name}`,
  choose: 'Choose what happened.',
  notABuyer: 'Choose one of the contractors your request went to.',
  thanks: 'Thank you. The contractors you heard from now know what happened.',
  acceptedAlready: (name: string) =>
    `You accepted the quote from ${name}: that is your answer, and ${name} knows it was hired.`,
  answered: (words: string) => `You told us: ${words}`,
  unanswered:
    'Please tell us what happened with your earlier requests first: open the link in our e-mail "What happened with your request?", or your requests in your account.',
} as const;
