// The quote request, shared by the wizard and POST /api/quotes. Messages are the spec's.
import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN } from '../domain/account-rules.ts';
import {
  BUDGET_MAX,
  CONTACT_METHODS,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  MAX_PHOTOS,
  PHONE_PATTERN,
  phoneDigits,
  PROPERTY_TYPES,
  QUOTE_MESSAGES as M,
  TIMELINES,
  ZIP_PATTERN,
} from '../domain/quote-rules.ts';
import { sanitizeText } from '../domain/sanitize-text.ts';

export * from '../domain/quote-rules.ts';

const ZBudget = z
  .number({ error: M.budgetPositive })
  .int(M.budgetPositive)
  .min(0, M.budgetPositive)
  .max(BUDGET_MAX, M.budgetTooLarge);

/** A photo uploaded through /api/uploads for this quote. */
export const PHOTO_URL_PATTERN = /^\/uploads\/quotes\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

export const ZQuoteRequest = z
  .object({
    requestKey: z.uuid('Missing request key'),
    service: z.string({ error: M.service }).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.service),
    description: z
      .string({ error: M.descriptionShort })
      .trim()
      .min(DESCRIPTION_MIN, M.descriptionShort)
      .max(DESCRIPTION_MAX, M.descriptionLong)
      .transform((s) => sanitizeText(s, DESCRIPTION_MAX))
      .pipe(z.string().min(DESCRIPTION_MIN, M.descriptionShort)),
    timeline: z.enum(TIMELINES.map((t) => t.value) as ['EMERGENCY', 'ASAP', 'FLEXIBLE'], {
      error: M.timeline,
    }),
    budgetMin: ZBudget,
    budgetMax: ZBudget,
    propertyType: z.enum(PROPERTY_TYPES, { error: M.propertyType }),
    address: z
      .string({ error: M.address })
      .trim()
      .min(5, M.address)
      .max(255, M.addressLong)
      .transform((s) => sanitizeText(s, 255)),
    zipCode: z.string({ error: M.zip }).trim().regex(ZIP_PATTERN, M.zip),
    name: z
      .string({ error: M.name })
      .trim()
      .min(2, M.name)
      .max(100, M.nameLong)
      .transform((s) => sanitizeText(s, 100))
      .pipe(z.string().min(2, M.name)),
    email: z
      .string({ error: M.email })
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX, M.email)
      .regex(EMAIL_PATTERN, M.email),
    phone: z
      .string({ error: M.phone })
      .trim()
      .min(10, M.phone)
      .regex(PHONE_PATTERN, M.phone)
      .refine((p) => phoneDigits(p).length >= 10, M.phone),
    contactMethod: z.enum(CONTACT_METHODS.map((c) => c.value) as ['email', 'phone', 'both'], {
      error: M.contactMethod,
    }),
    photos: z.array(z.string().regex(PHOTO_URL_PATTERN, 'Unknown photo')).max(MAX_PHOTOS).default([]),
  })
  .strict()
  .refine((q) => q.budgetMin > 0, { message: M.budgetPositive, path: ['budgetMin'] })
  .refine((q) => q.budgetMax >= q.budgetMin, { message: M.budgetOrder, path: ['budgetMax'] });
export type TQuoteRequest = z.infer<typeof ZQuoteRequest>;
