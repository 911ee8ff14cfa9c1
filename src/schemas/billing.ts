// The billing page's queries and answers: one schema for the island and the endpoints.
import * as z from 'zod/mini';
import { ZCursor } from './cursor.ts';
import {
  BILLING_PAGE_SIZES,
  BILLING_RANGES,
  DEFAULT_BILLING_PAGE_SIZE,
  DEFAULT_BILLING_RANGE,
} from '../domain/billing-rules.ts';
import type { CreditRowReason, CreditStatus } from '../domain/credit-rules.ts';
import type { ContractorFigures } from '../domain/figures.ts';

const ZBillingRange = z._default(z.enum(BILLING_RANGES), DEFAULT_BILLING_RANGE);

export const ZBillingTransactionsQuery = z.object({
  range: ZBillingRange,
  pageSize: z._default(z.enum(BILLING_PAGE_SIZES), DEFAULT_BILLING_PAGE_SIZE),
  cursor: ZCursor,
});

export const ZBillingExportQuery = z.object({ range: ZBillingRange });

export type TransactionStatus = 'paid' | 'succeeded' | 'pending' | 'failed' | 'refunded';

export interface BillingTransaction {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  /** In words: "Lead: Electrical in Dayton", "Enhanced plan, Nov 16 - Dec 16, 2026". */
  description: string;
  /** A lead's charge, a plan's payment, or another charge (history without its lead). */
  kind: 'lead' | 'plan' | 'other';
  amountCents: number;
  /** Of the amount, how much was given back (a partial refund leaves the row paid). */
  refundedCents: number;
  status: TransactionStatus;
  receiptUrl: string | null;
  /** A receipt exists for it (the money was taken): GET /api/contractor/billing/receipt/:id. */
  receiptAvailable: boolean;
  failureMessage: string | null;
  /** The lead's credit, when the charge was disputed or credited automatically. */
  credit: BillingCredit | null;
  /** The lead as this business received it (the dispute's id), for a lead charge. */
  distributionId: string | null;
  /** Until when the charge may still be disputed (ISO); null when it may not be now. */
  disputableUntil: string | null;
}

/** A credit of a lead charge as the billing page shows it. */
interface BillingCredit {
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
  /** YYYY-MM, a calendar month in Dayton time. */
  month: string;
  /** Lead spend in the month (the monthly spend's definition, src/domain/figures.ts). */
  spentCents: number;
  /** Lead charges paid or being collected in the month (refunded and declined ones are none). */
  leads: number;
  /** Plan payments in the month, apart from the spend. */
  planCents: number;
}

export interface BillingSummary {
  /** Pending charges not yet settled (charges are taken at once, so usually 0). */
  balanceCents: number;
  /** The figures shared with the dashboard and the admin: monthly spend, plan payments apart,
   * conversion, response time (src/domain/figures.ts). */
  figures: ContractorFigures;
  /** Refunded this calendar month, of the month's lead charges (already left out of the spend). */
  monthlyRefundedCents: number;
  subscription: BillingSubscription | null;
  recentFailures: number;
  defaultCardExpired: boolean;
  paymentMethods: BillingPaymentMethod[];
  months: BillingMonth[];
}
