// The admin payments and revenue-validation APIs' requests and answers, shared by the endpoints
// and the islands.
import * as z from 'zod/mini';
import { ZCursor } from './cursor.ts';
import {
  CREDIT_DECISION_MAX,
  PAYMENTS_MESSAGES as M,
  TRANSACTION_FILTERS,
  type MismatchKind,
} from '../domain/admin-payments-rules.ts';
import type { CreditRowReason, CreditStatus } from '../domain/credit-rules.ts';
import { ZOptionalDay } from './day.ts';

const cursor = ZCursor;
const day = ZOptionalDay;

export const ZAdminTransactionQuery = z.object({
  status: z.optional(z.union([z.literal(''), z.enum(TRANSACTION_FILTERS)])),
  /** Part of a business name. */
  business: z.optional(z.string().check(z.maxLength(100), z.trim())),
  cursor,
});
export type TAdminTransactionQuery = z.infer<typeof ZAdminTransactionQuery>;

export const ZAdminCursorQuery = z.object({ cursor });

export const ZCreditDecision = z.object({
  reason: z.string().check(z.maxLength(CREDIT_DECISION_MAX), z.trim(), z.minLength(1, M.reasonRequired)),
});

/** Revenue validation's period: days (YYYY-MM-DD, UTC), both included; empty: the default. */
export const ZRevenueQuery = z.object({ from: day, to: day });
export type TRevenueQuery = z.infer<typeof ZRevenueQuery>;

export interface AdminTransaction {
  id: string;
  createdAt: string;
  businessId: string;
  businessName: string;
  description: string | null;
  amountCents: number;
  refundedCents: number;
  status: 'paid' | 'pending' | 'failed' | 'refunded' | 'legacy' | 'succeeded';
  /** The decline reason of a failed charge. */
  failureMessage: string | null;
  paymentIntentId: string | null;
}

export interface AdminTransactionPage {
  transactions: AdminTransaction[];
  nextCursor: string | null;
}

/** A disputed lead as the admin queue shows it. */
export interface AdminCreditRequest {
  id: string;
  createdAt: string;
  businessName: string;
  businessEmail: string | null;
  projectType: string;
  place: string;
  chargedAt: string | null;
  reason: CreditRowReason;
  /** The contractor's own words. */
  note: string | null;
  /** What the server's check of the rule found. */
  finding: string;
  amountCents: number;
  status: CreditStatus;
  decisionReason: string | null;
}

export interface AdminCreditPage {
  credits: AdminCreditRequest[];
  nextCursor: string | null;
}

export interface AdminChargeback {
  id: string;
  createdAt: string;
  disputeId: string;
  chargeId: string;
  businessName: string | null;
  amountCents: number;
  reason: string;
  stripeStatus: string;
  evidenceDueBy: string | null;
  status: 'open' | 'resolved';
}

export interface AdminChargebackPage {
  chargebacks: AdminChargeback[];
  nextCursor: string | null;
}

export interface RevenueMismatch {
  kind: MismatchKind;
  paymentIntentId: string | null;
  transactionId: string | null;
  businessName: string | null;
  /** When the ledger row (or else the charge) was made. */
  at: string;
  ledgerAmountCents: number | null;
  gatewayAmountCents: number | null;
  ledgerStatus: string | null;
  gatewayStatus: string | null;
  /** What differs, in words. */
  detail: string;
}

export interface RevenueReport {
  from: string;
  to: string;
  gateway: 'sandbox' | 'stripe';
  /** Paid, refunded and failed ledger rows of the period that were checked. */
  ledgerRows: number;
  /** Charge attempts the gateway made in the period. */
  gatewayCharges: number;
  matched: number;
  mismatches: RevenueMismatch[];
}
