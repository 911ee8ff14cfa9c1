// The admin payment-test page's rules: which gateway a test may run against, its list sizes, tabs
// and texts. Pure: the server passes the key it reads (src/server/platform/config/payments.ts).

/** Spec: "Admin test lists limited to 5 or 10 rows". */
export const PAYMENT_TEST_LIST_SIZES = [5, 10] as const;
export type PaymentTestListSize = (typeof PAYMENT_TEST_LIST_SIZES)[number];

/** Spec: "Tabs: Overview, Test Leads, Distributions, Transactions, Test Results". */
export const PAYMENT_TEST_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'leads', label: 'Test Leads' },
  { id: 'distributions', label: 'Distributions' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'results', label: 'Test Results' },
] as const;
export type PaymentTestTab = (typeof PAYMENT_TEST_TABS)[number]['id'];

/** The gateway a deployment charges through, as far as a test may care. */
export type GatewayMode = 'sandbox' | 'stripe_test' | 'stripe_live';

/**
 * No key: the sandbox. A Stripe secret or restricted key in test mode (sk_test_, rk_test_): Stripe's
 * test mode. Anything else (sk_live_, rk_live_, or a key of no known kind) is treated as live, so
 * an unfamiliar key never lets a test charge real cards.
 */
export function gatewayMode(stripeKey: string | null): GatewayMode {
  if (stripeKey === null) return 'sandbox';
  return /^(sk|rk)_test_/.test(stripeKey) ? 'stripe_test' : 'stripe_live';
}

export const GATEWAY_LABEL: Record<GatewayMode, string> = {
  sandbox: 'the sandbox gateway (no real money)',
  stripe_test: 'Stripe in test mode (no real money)',
  stripe_live: 'Stripe in live mode (real money)',
};

export const PAYMENT_TEST_MESSAGES = {
  liveKey:
    'Payment tests are refused: this server charges through Stripe in live mode (a live key), and a test would charge real cards. They run only against the sandbox or Stripe in test mode.',
  noService: 'Choose a service.',
  noArea: 'Choose a service area.',
  noRecipients:
    'No contractor receives test leads yet: add one under "Test recipients" (it must be active, verified and have a card on file).',
  businessNotFound: 'Business not found',
  noLeads: 'No test leads yet.',
  noDistributions: 'No distributions of test leads yet.',
  noTransactions: 'No transactions of test leads yet.',
  noRuns: 'No test runs yet.',
} as const;

/** Test leads stand out in every list that shows them; the homeowner's name of a test lead. */
export const TEST_LEAD_NAME = 'Payment Test';
export const TEST_LEAD_DESCRIPTION =
  'Payment workflow test lead, created by an admin on the payment-test page. Not a real request: please ignore it.';
/** A dialable, reserved-for-fiction North American number (555-01xx). */
export const TEST_LEAD_PHONE = '9375550100';
