// The admin payment-test page's requests and answers, shared by its endpoints and its island.
import * as z from 'zod/mini';
import { PAYMENT_TEST_LIST_SIZES, PAYMENT_TEST_MESSAGES, type GatewayMode } from '../domain/payment-test.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** ?limit=5|10 (default 5): the lists' length (spec: "Admin test lists limited to 5 or 10 rows"). */
export const ZPaymentTestQuery = z.object({
  limit: z.optional(z.enum(PAYMENT_TEST_LIST_SIZES.map(String) as ['5', '10'])),
});

/** What a test run asks for: a service and a service area (its first ZIP code), by slug. */
export const ZPaymentTestRun = z.object({
  service: z
    .string()
    .check(
      z.maxLength(100),
      z.minLength(1, PAYMENT_TEST_MESSAGES.noService),
      z.regex(SLUG, PAYMENT_TEST_MESSAGES.noService),
    ),
  area: z
    .string()
    .check(
      z.maxLength(100),
      z.minLength(1, PAYMENT_TEST_MESSAGES.noArea),
      z.regex(SLUG, PAYMENT_TEST_MESSAGES.noArea),
    ),
});
export type TPaymentTestRun = z.infer<typeof ZPaymentTestRun>;

export const ZRecipientQuery = z.object({
  q: z.string().check(z.maxLength(100), z.trim(), z.minLength(2, 'Type at least 2 letters of the name')),
});

export const ZRecipientChange = z.object({
  businessId: z.string().check(z.maxLength(36), z.regex(UUID, 'Invalid business id')),
  receives: z.boolean(),
});

export interface AdminLeadsSummary {
  leadsToday: number;
  leadsThisWeek: number;
  leadsTotal: number;
  qualified: number;
  unqualified: number;
  pending: number;
  /** Leads sold to at least one contractor. */
  distributed: number;
  distributions: number;
  paidDistributions: number;
  failedDistributions: number;
  revenueCents: number;
  refundedCents: number;
  testLeads: number;
  testRevenueCents: number;
}

export interface TestStep {
  status: 'pass' | 'fail' | 'pending';
  detail: string;
}

export interface TestRun {
  id: string;
  leadId: string | null;
  actorEmail: string | null;
  gateway: string;
  error: string | null;
  createdAt: string;
  steps: { leadCreated: TestStep; qualified: TestStep; distributed: TestStep; charged: TestStep };
  outcome: 'pass' | 'fail' | 'pending';
}

export interface TestRecipient {
  id: string;
  name: string;
  status: string;
  verified: boolean;
  hasCard: boolean;
}

export interface PaymentTestState {
  mode: GatewayMode;
  /** Why a test would be refused here (a live key), or null. */
  refusal: string | null;
  summary: AdminLeadsSummary;
  leads: {
    id: string;
    createdAt: string;
    service: string | null;
    city: string | null;
    qualification: string;
    score: number;
    distributions: number;
    paid: number;
  }[];
  distributions: {
    id: string;
    leadId: string;
    business: string;
    rank: number;
    status: string;
    paymentStatus: string;
    amountCents: number;
    error: string | null;
    createdAt: string;
  }[];
  transactions: {
    id: string;
    leadId: string;
    business: string;
    amountCents: number;
    status: string;
    paymentIntentId: string | null;
    error: string | null;
    createdAt: string;
  }[];
  runs: TestRun[];
  recipients: TestRecipient[];
}
