// The billing page's rules and words (spec: Billing Dashboard): ranges, page sizes, the spec's
// messages and its timing constants, shared by the page, its island and the endpoints.

export const BILLING_RANGES = ['7', '30', '90', 'all'] as const;
export type BillingRange = (typeof BILLING_RANGES)[number];
export const DEFAULT_BILLING_RANGE: BillingRange = '30';

export const BILLING_PAGE_SIZES = ['25', '50', '100'] as const;
export type BillingPageSize = (typeof BILLING_PAGE_SIZES)[number];
export const DEFAULT_BILLING_PAGE_SIZE: BillingPageSize = '25';

/** Days of the "recent" window in which a failed charge raises the failed-payments banner. */
export const RECENT_FAILURE_DAYS = 30;

export const BILLING_MESSAGES = {
  title: 'Billing Dashboard',
  noBusiness: 'Business Profile Required',
  summaryFailed: 'Failed to fetch billing information',
  transactionsFailed: 'Failed to fetch transaction history',
  slow: 'Loading Taking Longer Than Expected.',
  failedPayments: 'Some payment attempts have failed',
  expiredCard: 'Your default card has expired',
  portalFailed: 'Failed to open payment management portal',
  receiptMissing: 'Receipt Not Available',
  receiptMissingText: 'Receipt generation is not available for this transaction.',
  /** A refund request the automatic rules did not settle: in the admin's queue (no "contact
   * support" without a way to: the request is the contact). */
  refundQueued: 'Your request is with our support team: they will review it and answer you by e-mail.',
  refundDone: 'Refunded: the charge goes back to your card.',
} as const;

/** Timing constants (decisions.md, "Billing (issue 14)"). */
export const BILLING_TIMING = {
  /** A fetched summary or transaction page is reused for 5 minutes unless Refresh is pressed. */
  cacheMs: 5 * 60_000,
  /** A failed fetch (network error, timeout or 5xx) is tried again up to 3 times. */
  retries: 3,
  /** Each attempt is abandoned after 30 s. */
  requestTimeoutMs: 30_000,
  /** After 15 s of loading the page says 'Loading Taking Longer Than Expected.' */
  slowNoticeMs: 15_000,
} as const;

/** Where Manage Payments asks for a Customer Portal session (built by the portal part of issue 14). */
export const BILLING_PORTAL_ENDPOINT = '/api/contractor/billing/portal';

/** The dashboard's Payments tab, where a card is saved or replaced (spec: tab=payment-setup). */
export const PAYMENT_SETUP_PATH = '/dashboard?tab=payment-setup';

/** Where a transaction's receipt is asked for (+ /<transaction id>): a redirect to it. */
export const RECEIPT_ENDPOINT = '/api/contractor/billing/receipt';

/** Our own receipt page of a transaction (a charge the gateway has no receipt for). */
export const OWN_RECEIPT_PATH = '/contractor/billing/receipts';
export const ownReceiptPath = (transactionId: string): string => `${OWN_RECEIPT_PATH}/${transactionId}`;

/** Days back a range covers (null: all). */
export function rangeDays(range: BillingRange): number | null {
  return range === 'all' ? null : Number(range);
}

/** Whether a card expiring at the end of month/year has expired at `now`. */
export function cardExpired(month: number, year: number, now: Date = new Date()): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return year < y || (year === y && month < m);
}

/** Neutralises a spreadsheet formula: a cell beginning with = + - @ (or tab/CR) gets a leading '. */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
