// The admin leads API's requests and answers, shared by the endpoints and the island.
import * as z from 'zod/mini';
import { ZCursor } from './cursor.ts';
import { LEAD_QUALIFICATIONS } from '../domain/admin-lead-rules.ts';
import type { ScoreRule } from '../domain/quote-rules.ts';

export const ZAdminLeadQuery = z.object({
  /** One qualification; empty: every lead. */
  qualification: z.optional(z.union([z.literal(''), z.enum(LEAD_QUALIFICATIONS)])),
  /** Part of the homeowner's e-mail or name, the service, the city or the ZIP code; or a lead's id. */
  q: z.optional(z.string().check(z.maxLength(100), z.trim())),
  cursor: ZCursor,
});
export type TAdminLeadQuery = z.infer<typeof ZAdminLeadQuery>;

/** One click of "Re-send": the key the page made for it, sent again on a retry. */
export const ZLeadResend = z.object({
  requestKey: z.string().check(z.maxLength(64), z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid request key')),
});
export type TLeadResend = z.infer<typeof ZLeadResend>;

export interface AdminLeadRow {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  service: string;
  city: string | null;
  zipCode: string | null;
  score: number;
  qualification: string;
  distributions: number;
  paid: number;
}

export interface AdminLeadPage {
  leads: AdminLeadRow[];
  nextCursor: string | null;
}

export interface AdminLeadDistribution {
  id: string;
  businessId: string;
  businessName: string;
  rank: number;
  stage: string;
  chargeStatus: string;
  amountCents: number;
  failure: string | null;
  createdAt: string;
  chargedAt: string | null;
  viewedAt: string | null;
  respondedAt: string | null;
  credit: { status: string; reason: string; amountCents: number; createdAt: string } | null;
}

export interface AdminLeadDetail {
  id: string;
  createdAt: string;
  confirmedAt: string | null;
  name: string;
  email: string;
  phone: string;
  service: string;
  description: string;
  timeline: string;
  budgetMin: number;
  budgetMax: number;
  propertyType: string;
  address: string;
  city: string | null;
  zipCode: string | null;
  photoCount: number;
  qualification: { value: string; label: string; reason: string };
  score: {
    stored: number;
    /** The pipeline's rules recomputed from the stored inputs (leadScoreBreakdown). */
    rules: ScoreRule[];
    /** Their sum as the pipeline caps it; differs from stored only if an input changed since. */
    recomputed: number;
    /** Why the rules may not be the ones scored (e.g. an expired request's photos were deleted). */
    note: string | null;
  };
  distributions: AdminLeadDistribution[];
  /** Whether a re-send may be asked (the qualification allows it; it may still find nobody). */
  resendable: boolean;
}

export type AdminLeadResendResult =
  | { status: 'sent'; businessName: string; declined: string[]; lead: AdminLeadDetail }
  | { status: 'none_left'; declined: string[]; lead: AdminLeadDetail };
