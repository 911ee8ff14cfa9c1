// The plan endpoint's body (POST /api/contractor/billing/plan): one schema for the island and the route.
import * as z from 'zod/mini';
import { PLAN_IDS } from '../domain/plans.ts';

export const ZPlanRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), plan: z.enum(PLAN_IDS) }),
  // What a change would bill, asked before the confirmation (nothing changes).
  z.object({ action: z.literal('preview'), plan: z.enum(PLAN_IDS) }),
  // prorationDate: the preview's (Unix seconds), so the change bills what was shown.
  z.object({
    action: z.literal('change'),
    plan: z.enum(PLAN_IDS),
    prorationDate: z.optional(z.int().check(z.positive())),
  }),
  z.object({ action: z.literal('cancel') }),
]);
export type TPlanRequest = z.output<typeof ZPlanRequest>;

/** What a plan change would bill (the 'preview' action's answer), in cents. */
export interface PlanPreview {
  from: (typeof PLAN_IDS)[number];
  fromPriceCents: number;
  plan: (typeof PLAN_IDS)[number];
  /** The new plan's monthly price. */
  priceCents: number;
  /** For the rest of the current period (negative: a credit), billed on the next invoice. */
  prorationCents: number;
  /** The next invoice, never below zero (a larger credit stays for the invoices after it). */
  nextInvoiceCents: number;
  /** ISO date of the next invoice (the current period's end). */
  nextInvoiceAt: string;
  /** Unix seconds the proration is computed for: sent back with the change. */
  prorationDate: number;
}
