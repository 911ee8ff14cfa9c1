// The plan endpoint's body (POST /api/contractor/billing/plan): one schema for the island and the route.
import * as z from 'zod/mini';
import { PLAN_IDS } from '../domain/plans.ts';

export const ZPlanRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), plan: z.enum(PLAN_IDS) }),
  z.object({ action: z.literal('change'), plan: z.enum(PLAN_IDS) }),
  z.object({ action: z.literal('cancel') }),
]);
export type TPlanRequest = z.output<typeof ZPlanRequest>;

/** What the plan endpoint answers: where to go for a start, the new state otherwise. */
export type PlanAnswer = { url: string } | { message: string };
