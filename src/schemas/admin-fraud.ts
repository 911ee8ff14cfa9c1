// The admin fraud queue's requests and answers (issue 23), shared by the endpoints and the island.
import * as z from 'zod/mini';
import { ZCursor } from './cursor.ts';
import type { CreditRowReason, CreditStatus } from '../domain/credit-rules.ts';
import { FRAUD_MESSAGES, FRAUD_REASON_MAX, type SignalKind } from '../domain/fraud-rules.ts';

const FRAUD_LISTS = ['held', 'reported', 'blocked'] as const;
export type FraudList = (typeof FRAUD_LISTS)[number];

export const ZFraudQuery = z.object({
  list: z.enum(FRAUD_LISTS),
  cursor: ZCursor,
});
export type TFraudQuery = z.infer<typeof ZFraudQuery>;

/** Blocking a request: why (kept on the blocked contact details and in the audit log). */
export const ZFraudBlock = z.object({
  reason: z
    .string()
    .check(z.maxLength(FRAUD_REASON_MAX), z.trim(), z.minLength(1, FRAUD_MESSAGES.reasonRequired)),
});

/** Another request a signal ties this one to. */
export interface FraudOther {
  id: string;
  createdAt: string;
  qualification: string;
}

export interface FraudSignal {
  kind: SignalKind;
  label: string;
  /** What was found, in words. */
  text: string;
  count: number;
  /** A few of the other requests, newest first. */
  others: FraudOther[];
}

/** A buyer's report that the lead is fake or unreachable. */
interface FraudReport {
  businessName: string;
  reason: CreditRowReason;
  at: string;
  status: CreditStatus;
}

export interface FraudLead {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string | null;
  zipCode: string | null;
  service: string;
  description: string;
  qualification: string;
  /** Why it is held or was blocked. */
  holdReason: string | null;
  reportedAt: string | null;
  /** When two buyers' reports refunded every buyer. */
  reportsRefundedAt: string | null;
  review: { decision: 'blocked' | 'released'; at: string } | null;
  reports: FraudReport[];
  buyers: { paid: number; refunded: number };
  /** Its contact details blocked now. */
  blocks: { kind: BlockKind; value: string }[];
  signals: FraudSignal[];
}

export type BlockKind = 'phone' | 'email' | 'device' | 'domain';

export interface BlockedIdentity {
  id: string;
  kind: BlockKind;
  value: string;
  reason: string;
  leadId: string | null;
  /** The admin's e-mail; null: blocked by buyers' reports. */
  blockedBy: string | null;
  createdAt: string;
  releasedAt: string | null;
}

export interface FraudQueuePage {
  leads: FraudLead[];
  blocks: BlockedIdentity[];
  nextCursor: string | null;
}

/** What a block or release did, with the request as it stands. */
export interface FraudDecision {
  lead: FraudLead;
  /** Buyers refunded now (a sold request blocked). */
  refunded: number;
  /** A released held request: how many pros bought it. */
  sold: number | null;
}
