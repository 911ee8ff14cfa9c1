// A message on a request (issue 25, Must 6): the homeowner's form on the inbox page and the
// contractor's on the dashboard's lead view post the same fields, checked by the same schema.
// The text goes through the spec's free-text sanitiser, then is held to its limits.
import * as z from 'zod/mini';
import { MESSAGE_MAX, MESSAGE_MESSAGES } from '../domain/inbox-rules.ts';
import { sanitizeText } from '../domain/sanitize-text.ts';

export * from '../domain/inbox-rules.ts';

const ZMessageText = z.pipe(
  z.pipe(
    z.string({ error: MESSAGE_MESSAGES.empty }).check(z.maxLength(MESSAGE_MAX * 2, MESSAGE_MESSAGES.tooLong)),
    z.transform((s: string) => sanitizeText(s.replace(/\r\n?/g, '\n'), MESSAGE_MAX * 2)),
  ),
  z
    .string()
    .check(z.minLength(1, MESSAGE_MESSAGES.empty), z.maxLength(MESSAGE_MAX, MESSAGE_MESSAGES.tooLong)),
);

const ZUuid = (message: string) =>
  z.pipe(z.string({ error: message }).check(z.maxLength(36, message)), z.uuid(message));

/** The homeowner's message: which contractor's thread, and the text (a photo rides alongside). */
export const ZHomeownerMessage = z.object({
  businessId: ZUuid(MESSAGE_MESSAGES.notYours),
  body: ZMessageText,
});

/** The contractor's message on one of its leads (the lead is the route's distribution id). */
export const ZContractorMessage = z.object({ body: ZMessageText });

/** A contractor of a request as the homeowner meets it: the wizard's result, the mail, the inbox
 * (src/server/leads/inbox/contractor-cards.ts). */
export interface ContractorCard {
  businessId: string;
  name: string;
  /** Its public profile, for a listed (ACTIVE) business only. */
  slug: string | null;
  photo: string | null;
  /** "4.7", or null without a verified review (the card says "New"). */
  rating: string | null;
  reviews: number;
  /** "4.7 (23 reviews)" or "New". */
  ratingText: string;
  licenceChecked: boolean;
  licence: string;
  insuranceChecked: boolean;
  insurance: string;
  /** "Responds within 4 hours". */
  responds: string;
  phone: string | null;
  /** The request was sold to it (a paid distribution): it may be messaged. */
  bought: boolean;
}
