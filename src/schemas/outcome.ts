// The homeowner's answer to "What happened with your request?" (issue 27): hired one of the
// lead's contractors (named), put it off, or not going ahead. Whether the contractor bought the
// lead is the server's check (leads/lead-outcome.ts).
import * as z from 'zod/mini';
import { OUTCOME_MESSAGES as M, OUTCOMES } from '../domain/outcome-rules.ts';

export const ZOutcomeAnswer = z
  .strictObject({
    outcome: z.enum(OUTCOMES, { error: M.choose }),
    businessId: z.nullable(z.uuid(M.notABuyer)),
  })
  .check(
    z.refine((a) => (a.outcome === 'hired') === (a.businessId !== null), {
      message: M.notABuyer,
      path: ['businessId'],
    }),
  );
