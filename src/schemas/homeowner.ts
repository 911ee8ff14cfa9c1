// The homeowner's private pages: accepting one quote on their request, saying a contractor's job
// is done, and reviewing a job, all proven by the token of the mailed link (never by an id the
// client names). The same schemas check the page forms and the JSON endpoints.
import * as z from 'zod/mini';
import {
  INVALID_HOMEOWNER_LINK,
  REVIEW_AUTHOR_MAX,
  REVIEW_AUTHOR_MIN,
  REVIEW_CONTENT_MAX,
  REVIEW_CONTENT_MIN,
  REVIEW_TITLE_MAX,
} from '../domain/homeowner-rules.ts';
import { sanitizeText } from '../domain/sanitize-text.ts';

export * from '../domain/homeowner-rules.ts';

/** A link's token as createHomeownerLink makes it (32 random bytes, base64url). */
export const ZLinkToken = z.pipe(
  z.string({ error: INVALID_HOMEOWNER_LINK }).check(z.maxLength(100, INVALID_HOMEOWNER_LINK)),
  z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, INVALID_HOMEOWNER_LINK)),
);

export const ZAcceptQuote = z.strictObject({
  token: ZLinkToken,
  communicationId: z.pipe(
    z.string({ error: 'Choose a quote' }).check(z.maxLength(36, 'Choose a quote')),
    z.uuid('Choose a quote'),
  ),
});

/** "The job is done" for one responding contractor (src/server/leads/outcomes/mark-job-done.ts). */
export const ZJobDone = z.strictObject({
  token: ZLinkToken,
  businessId: z.pipe(
    z.string({ error: 'Choose a contractor' }).check(z.maxLength(36, 'Choose a contractor')),
    z.uuid('Choose a contractor'),
  ),
});

/** Free text capped, then sanitised (the sanitiser may shorten it), then held to its minimum. */
function text(max: number, min: number, messages: { required: string; long: string; short: string }) {
  return z.pipe(
    z.pipe(
      z.string({ error: messages.required }).check(z.maxLength(max * 2, messages.long)),
      z.transform((s: string) => sanitizeText(s, max * 2)),
    ),
    z.string().check(z.minLength(min, messages.short), z.maxLength(max, messages.long)),
  );
}

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';

export const ZJobReview = z.strictObject({
  token: ZLinkToken,
  rating: z.pipe(
    z.union([z.number({ error: RATING_MESSAGE }), z.string({ error: RATING_MESSAGE }).check(z.maxLength(1))]),
    z.pipe(
      z.transform((v: number | string) => Number(v)),
      z.int({ error: RATING_MESSAGE }).check(z.gte(1, RATING_MESSAGE), z.lte(5, RATING_MESSAGE)),
    ),
  ),
  title: z._default(
    text(REVIEW_TITLE_MAX, 0, {
      required: 'Enter a title',
      long: `Keep the title under ${REVIEW_TITLE_MAX} characters`,
      short: 'Enter a title',
    }),
    '',
  ),
  content: text(REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN, {
    required: 'Please write your review',
    long: `Keep the review under ${REVIEW_CONTENT_MAX} characters`,
    short: `Please write at least ${REVIEW_CONTENT_MIN} characters`,
  }),
  authorName: text(REVIEW_AUTHOR_MAX, REVIEW_AUTHOR_MIN, {
    required: 'Please enter your name',
    long: `Keep your name under ${REVIEW_AUTHOR_MAX} characters`,
    short: 'Please enter your name',
  }),
});
export type TJobReview = z.output<typeof ZJobReview>;
