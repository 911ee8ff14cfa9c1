// The admin payments and revenue-validation pages: list sizes, the period rules and the words
// shown (the spec has none for these pages).

export const ADMIN_PAYMENTS_PAGE_SIZE = 25;
/** The longest reason an admin may give for granting or declining a disputed lead. */
export const CREDIT_DECISION_MAX = 1000;

/** Transaction statuses an admin filters by ('paid' includes the legacy 'succeeded'). */
export const TRANSACTION_FILTERS = ['paid', 'failed', 'refunded', 'pending', 'legacy'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

/** Revenue validation: the default period (days, today included) and the longest one. */
export const REVENUE_DEFAULT_DAYS = 30;
export const REVENUE_MAX_DAYS = 366;
/** A ledger row and its charge may be stamped this far apart (a crash, a seed, the clocks);
 * both sides are read this much beyond the period so a pair across its edge still matches. */
export const REVENUE_MATCH_MARGIN_HOURS = 24;

export type MismatchKind = 'missing_at_gateway' | 'missing_in_ledger' | 'amount_differs' | 'status_differs';

export const MISMATCH_LABELS: Record<MismatchKind, string> = {
  missing_at_gateway: 'Missing at gateway',
  missing_in_ledger: 'Missing in ledger',
  amount_differs: 'Amount differs',
  status_differs: 'Status differs',
};

export const PAYMENTS_MESSAGES = {
  creditNotFound: 'Credit request not found',
  alreadyDecided: 'This request has already been decided.',
  nothingToRefund: 'There is no paid charge at the gateway to refund for this lead.',
  reasonRequired: 'Please give a reason.',
  noTransactions: 'No transactions match these filters.',
  noCredits: 'No credit requests are waiting.',
  noChargebacks: 'No chargebacks.',
  periodOrder: 'The start of the period must not be after its end.',
  periodTooLong: `Choose a period of at most ${REVENUE_MAX_DAYS} days.`,
  clean:
    'No mismatches: every paid transaction has a succeeded charge of the same amount, and every charge has a transaction.',
} as const;

/** A ledger row's status in the admin's lists ('succeeded' is the legacy word for paid). */
export const TRANSACTION_STATUS_WORDS: Record<string, string> = {
  paid: 'Paid',
  succeeded: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  legacy: 'Legacy',
};

/** A charge's status at the gateway (Stripe's PaymentIntent statuses), in words. */
export const GATEWAY_STATUS_WORDS: Record<string, string> = {
  succeeded: 'Succeeded',
  processing: 'Processing',
  requires_payment_method: 'Declined (needs another card)',
  requires_action: 'Needs card confirmation',
  requires_confirmation: 'Not confirmed',
  requires_capture: 'Not captured',
  canceled: 'Cancelled',
  refunded: 'Refunded',
};

/** A chargeback's status at Stripe, in words. */
export const DISPUTE_STATUS_WORDS: Record<string, string> = {
  warning_needs_response: 'Inquiry: needs a response',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Needs a response',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
  charge_refunded: 'Charge refunded',
  prevented: 'Prevented',
};
