// The contractor dashboard's constants and pure rules: the stats windows, the revenue estimate,
// the spec's messages, the response templates, and a quote's amounts in cents.

/** Stats look back this many days; a lead is "new" for the last NEW_DAYS of them. */
export const STATS_WINDOW_DAYS = 30;
export const NEW_LEAD_DAYS = 7;
/** The revenue estimate: each converted lead counts as this many dollars (an estimate, labelled so). */
export const REVENUE_PER_CONVERSION_CENTS = 15_000 * 100;
/** Leads per page of the lead list. */
export const LEADS_PAGE_SIZE = 20;

export const DASHBOARD_MESSAGES = {
  noBusiness: 'No Business Profile Found',
  loadFailed: 'Failed to load leads. Please try again.',
  sendFailed: 'Failed to send response. Please try again.',
  missing: 'Missing Information',
  missingDetail: 'Please enter a subject and a message.',
  quoteRequired: 'Quote Required',
  quoteRequiredDetail: 'Add at least one item to the quote, or leave the quote out.',
  notPaid: 'You can respond to a lead once its $30 charge has gone through.',
  pending: 'Your business is awaiting approval',
  /** The spec has no words for these two (admin contractors page, issue 15). */
  rejected: 'Your business registration was not approved',
  suspended: 'Your business is suspended',
} as const;

export const RESPONSE_TEMPLATES = [
  {
    id: 'initial',
    name: 'Initial Response',
    subject: 'Thank you for your request',
    message:
      'Hello, thank you for reaching out about your project. I have read your request and would be glad to help. When would be a good time to talk or to visit and take a look?',
  },
  {
    id: 'follow-up',
    name: 'Follow-up',
    subject: 'Following up on your project',
    message:
      'Hello, I wanted to follow up on your project. Do you have any questions, or is there anything else I can tell you to help you decide?',
  },
  {
    id: 'quote-ready',
    name: 'Quote Ready',
    subject: 'Your quote is ready',
    message:
      'Hello, your quote is ready and attached below with each item, the total and how long it is valid. Let me know if you would like to change anything.',
  },
] as const;

/** Quote limits (the database caps a total at $1,000,000). */
export const QUOTE_LIMITS = {
  items: 20,
  description: 200,
  quantityMax: 10_000,
  rateMaxDollars: 1_000_000,
  terms: 2000,
  subject: 200,
  message: 5000,
  totalMaxCents: 100_000_000,
} as const;

export interface QuoteItemInput {
  description: string;
  quantity: number;
  /** Dollars, up to two decimals as typed. */
  rate: number;
}

export interface QuoteItemCents {
  description: string;
  quantity: number;
  rateCents: number;
  amountCents: number;
}

/**
 * A quote's items in cents: the rate is rounded to the cent first (Math.round of rate × 100),
 * then each amount is quantity × rateCents rounded half up to a whole cent (quantities may have
 * decimals: 1.5 hours), and the total is the sum of the amounts, so the lines always add up.
 */
export function quoteInCents(items: readonly QuoteItemInput[]): {
  items: QuoteItemCents[];
  totalCents: number;
} {
  const lines = items.map((item) => {
    const rateCents = Math.round(item.rate * 100);
    return {
      description: item.description,
      quantity: item.quantity,
      rateCents,
      amountCents: Math.round(item.quantity * rateCents),
    };
  });
  return { items: lines, totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0) };
}

/** Minutes as the dashboard says them: "45 min", "3.5 h", "2 days". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return 'No responses yet';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) return `${Math.round((minutes / 60) * 10) / 10} h`;
  return `${Math.round(minutes / 1440)} days`;
}

/** Where a contractor's card setup stands (the dashboard's Payments tab). */
export type PaymentSetupStatus = 'required' | 'pending' | 'completed';

/**
 * The spec's payment setup status, its clauses in its order: no Stripe account id 'required',
 * an id but setup not completed 'pending', the completed flag (with an id) 'completed'. A
 * contractor pays us by card and is never paid through us, so its Stripe account is a Customer
 * (businesses.stripe_customer_id), not a Connect account (docs/decisions.md).
 */
export function paymentSetupStatus(business: {
  stripeCustomerId: string | null;
  paymentSetupCompleted: boolean;
}): PaymentSetupStatus {
  if (!business.stripeCustomerId) return 'required';
  return business.paymentSetupCompleted ? 'completed' : 'pending';
}
