// A contractor's response to a lead (subject, message, an optional quote) and the lead list's
// query: one schema for the dashboard's form and the endpoints. Messages are the spec's
// ('Missing Information', 'Quote Required').
import * as z from 'zod/mini';
import { ZCursor } from './cursor.ts';
import { DASHBOARD_MESSAGES as M, QUOTE_LIMITS as L } from '../domain/dashboard-rules.ts';
import { LEAD_STAGES } from '../domain/lead-stages.ts';

const required = (max: number) =>
  z
    .string({ error: M.missing })
    .check(z.maxLength(max, `At most ${max} characters`), z.trim(), z.minLength(1, M.missing));

const ZQuoteItem = z.object({
  description: z
    .string()
    .check(
      z.maxLength(L.description, `At most ${L.description} characters`),
      z.trim(),
      z.minLength(1, 'Describe the item'),
    ),
  quantity: z
    .number()
    .check(z.gt(0, 'Quantity must be more than 0'), z.lte(L.quantityMax, 'Quantity is too large')),
  rate: z.number({ error: 'Enter a rate' }).check(
    z.gte(0, 'Rate cannot be negative'),
    z.lte(L.rateMaxDollars, 'Rate is too large'),
    // Dollars and cents: 12.5 and 12.50, not 12.505.
    z.refine(
      (rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6,
      'Enter the rate in dollars and cents',
    ),
  ),
});

export const ZQuote = z.object({
  items: z
    .array(ZQuoteItem)
    .check(z.minLength(1, M.quoteRequired), z.maxLength(L.items, `At most ${L.items} items`)),
  /** YYYY-MM-DD. */
  validUntil: z.pipe(
    z.string({ error: 'Enter a valid date' }).check(z.maxLength(10, 'Enter a valid date')),
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date')),
  ),
  terms: z.optional(z.string().check(z.maxLength(L.terms, `At most ${L.terms} characters`), z.trim())),
});

export const ZLeadResponse = z.object({
  subject: required(L.subject),
  message: required(L.message),
  quote: z.optional(ZQuote),
});
export type TLeadResponse = z.output<typeof ZLeadResponse>;

const ZLeadStage = z.enum(LEAD_STAGES);

export const ZStageChange = z.object({ stage: ZLeadStage });

/** Undo of the move just made: the stage the lead is in now, and the one it came from. */
export const ZStageUndo = z.object({ from: ZLeadStage, to: ZLeadStage });

export const ZLeadListQuery = z.object({
  /** Empty: every stage. */
  stage: z.optional(z.enum([...LEAD_STAGES, ''])),
  cursor: ZCursor,
});
