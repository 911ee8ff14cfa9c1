// The quote request, one schema for the wizard (each step checks its own fields with it) and for
// POST /api/quotes. Zod's tree-shakable mini build, so the wizard ships only the checks it uses.
// Messages are the spec's, word for word.
import * as z from 'zod/mini';
import {
  ADDRESS_LIMITS,
  BUDGET_MAX,
  CONTACT_METHODS,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  MAX_PHOTOS,
  NAME_LIMITS,
  PHOTO_MESSAGES,
  PROPERTY_TYPES,
  QUOTE_MESSAGES as M,
  TIMELINES,
  QUOTE_STEPS,
  ZIP_PATTERN,
  type QuoteField,
} from '../domain/quote-rules.ts';
import { isBudgetNotSure } from '../domain/budget-presets.ts';
import { ZDialablePhone } from './dialable-phone.ts';
import { CONTRACTOR_SLUG_MAX } from '../domain/chosen-pro.ts';
import { SLUG_PATTERN } from '../domain/slug.ts';
import { ZSanitized } from './sanitized-text.ts';
import { emailOf } from './auth.ts';

export * from '../domain/quote-rules.ts';

const ZBudget = z
  .int({ error: M.budgetPositive })
  .check(z.minimum(0, M.budgetPositive), z.maximum(BUDGET_MAX, M.budgetTooLarge));

/** A photo uploaded through /api/uploads for this quote. */
export const PHOTO_URL_PATTERN = /^\/uploads\/quotes\/[0-9a-f]{32}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
/** The proof-of-work widget's payload (base64 JSON of a challenge and its solution). */
const PROOF_MAX = 4096;

const budgetFieldsValid = (payload: z.core.ParsePayload) =>
  // Not on a body that is no object at all (the API fuzzing found null read as null.budgetMin).
  typeof payload.value === 'object' &&
  payload.value !== null &&
  !payload.issues.some((i) => i.path?.[0] === 'budgetMin' || i.path?.[0] === 'budgetMax');

export const ZQuoteRequest = z
  .strictObject({
    requestKey: z.uuid('Missing request key'),
    service: z.string({ error: M.service }).check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.service)),
    description: ZSanitized(DESCRIPTION_MIN, DESCRIPTION_MAX, M.descriptionShort, M.descriptionLong),
    timeline: z.enum(TIMELINES.map((t) => t.value) as ['EMERGENCY', 'ASAP', 'FLEXIBLE'], {
      error: M.timeline,
    }),
    budgetMin: ZBudget,
    budgetMax: ZBudget,
    propertyType: z.enum(PROPERTY_TYPES, { error: M.propertyType }),
    address: ZSanitized(ADDRESS_LIMITS.min, ADDRESS_LIMITS.max, M.address, M.addressLong),
    zipCode: z.string({ error: M.zip }).check(z.trim(), z.regex(ZIP_PATTERN, M.zip)),
    name: ZSanitized(NAME_LIMITS.min, NAME_LIMITS.max, M.name, M.nameLong),
    email: emailOf(M.email),
    phone: ZDialablePhone(M.phone),
    altcha: z.string({ error: M.proof }).check(z.minLength(1, M.proof), z.maxLength(PROOF_MAX, M.proof)),
    contactMethod: z.enum(CONTACT_METHODS.map((c) => c.value) as ['email', 'phone', 'both'], {
      error: M.contactMethod,
    }),
    // The contractor asked from its profile (its slug): sold to it first when it can take it.
    contractor: z.optional(
      z
        .string({ error: M.contractor })
        .check(z.maxLength(CONTRACTOR_SLUG_MAX, M.contractor), z.regex(SLUG_PATTERN, M.contractor)),
    ),
    photos: z._default(
      z
        .array(z.string().check(z.regex(PHOTO_URL_PATTERN, PHOTO_MESSAGES.unknownPhoto)))
        .check(z.maxLength(MAX_PHOTOS, PHOTO_MESSAGES.tooMany)),
      [],
    ),
  })
  .check(
    // Across the two budget fields, checked even while other steps are still empty (the wizard
    // validates step 4 before step 6 exists), but only once both fields are numbers.
    // Above 0, as the spec's step 4 asks, unless both are 0: the wizard's "Not sure" (issue 25).
    z.refine((q) => q.budgetMin > 0 || isBudgetNotSure(q.budgetMin, q.budgetMax), {
      message: M.budgetPositive,
      path: ['budgetMin'],
      when: budgetFieldsValid,
    }),
    z.refine((q) => q.budgetMax >= q.budgetMin, {
      message: M.budgetOrder,
      path: ['budgetMax'],
      when: budgetFieldsValid,
    }),
  );
export type TQuoteRequest = z.output<typeof ZQuoteRequest>;
export type TQuoteInput = z.input<typeof ZQuoteRequest>;

/** The first message of each field of one step (1-6); empty when the step may continue. */
export function quoteStepErrors(step: number, input: unknown): Partial<Record<QuoteField, string>> {
  const fields: readonly string[] = QUOTE_STEPS[step - 1]?.fields ?? [];
  return firstMessages(ZQuoteRequest.safeParse(input).error?.issues ?? [], fields);
}

/** The first message of each field, for the given fields only (every field when omitted). */
export function firstMessages(
  issues: readonly { path: PropertyKey[]; message: string }[],
  fields?: readonly string[],
): Partial<Record<QuoteField, string>> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if ((!fields || fields.includes(field)) && !(field in out)) out[field] = issue.message;
  }
  return out;
}

/** One of the quote page's recent requests (GET /api/quotes/recent): nothing personal. */
export interface RecentRequest {
  service: string;
  city: string;
  /** When it was sent, ISO 8601. */
  at: string;
  /** The same, worded relative to the answer's time: "2 hours ago". */
  when: string;
}
