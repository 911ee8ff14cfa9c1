// The billing page's queries and answers: one schema for the island and the endpoints.
import * as z from 'zod/mini';
import {
  BILLING_PAGE_SIZES,
  BILLING_RANGES,
  DEFAULT_BILLING_PAGE_SIZE,
  DEFAULT_BILLING_RANGE,
} from '../domain/billing-rules.ts';
import type { CreditRowReason, CreditStatus } from '../domain/credit-rules.ts';

export const ZBillingRange = z._default(z.enum(BILLING_RANGES), DEFAULT_BILLING_RANGE);

export const ZBillingTransactionsQuery = z.object({
  range: ZBillingRange,
  pageSize: z._default(z.enum(BILLING_PAGE_SIZES), DEFAULT_BILLING_PAGE_SIZE),
  cursor: z.optional(z.string().check(z.maxLength(200, 'Invalid cursor'))),
});
export type TBillingTransactionsQuery = z.output<typeof ZBillingTransactionsQuery>;

export const ZBillingExportQuery = z.object({ range: ZBillingRange });

export type TransactionStatus = 'paid' | 'succeeded' | 'pending' | 'failed' | 'refunded';

export interface BillingTransaction {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  description: string;
  amountCents: number;
  status: TransactionStatus;
  receiptUrl: string | null;
  /** A receipt can be asked of the gateway (GET /api/contractor/billing/receipt/:id). */
  receiptAvailable: boolean;
  failureMessage: string | null;
  /** The lead's credit, when the charge was disputed or credited automatically. */
  credit: BillingCredit | null;
}

/** A credit of a lead charge as the billing page shows it. */
export interface BillingCredit {
  reason: CreditRowReason;
  status: CreditStatus;
  /** What was found, in plain words (the automatic rules' finding). */
  finding: string;
}

export interface TransactionPage {
  transactions: BillingTransaction[];
  nextCursor: string | null;
}

export interface BillingPaymentMethod {
  id: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
  status: 'active' | 'expired' | 'failed';
  expired: boolean;
}

export interface BillingSubscription {
  plan: 'basic' | 'enhanced' | 'featured';
  status: 'active' | 'trialing' | 'past_due';
  priceCents: number;
  currentPeriodEnd: string;
  /** The plan ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: boolean;
}

export interface BillingMonth {
  /** YYYY-MM. */
  month: string;
  spentCents: number;
  leads: number;
}

export interface BillingSummary {
  /** Pending charges not yet settled (charges are taken at once, so usually 0). */
  balanceCents: number;
  /** Paid this calendar month (UTC), less nothing: refunds show as refunded rows. */
  monthlySpendingCents: number;
  /** Refunded this calendar month. */
  monthlyRefundedCents: number;
  subscription: BillingSubscription | null;
  /** Paid leads that reached COMPLETED, of all paid leads (percent, one decimal); null when none. */
  conversionRate: number | null;
  paidLeads: number;
  completedLeads: number;
  recentFailures: number;
  defaultCardExpired: boolean;
  paymentMethods: BillingPaymentMethod[];
  months: BillingMonth[];
}
