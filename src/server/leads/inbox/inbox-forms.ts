// The plain forms of a homeowner's request page (issue 25), shared by the private-link page
// (/quote-request/responses?token=) and the account's (/profile/requests/<id>): accept a quote
// (asked first, then confirmed: nothing accepts in one step), "The job is done" (the same), and
// a message to one contractor with an optional photo. Every refusal keeps what was typed and says
// why; nothing changes on a refusal. No JavaScript needed.
import { OUTCOME_MESSAGES } from '../../../domain/outcome-rules.ts';
import { ZOutcomeAnswer } from '../../../schemas/outcome.ts';
import { recordOutcome } from '../outcomes/lead-outcome.ts';
import { JOB_DONE_MESSAGES, REVIEW_MESSAGES } from '../../../domain/review-rules.ts';
import { MESSAGE_MESSAGES } from '../../../domain/inbox-rules.ts';
import {
  INVALID_HOMEOWNER_LINK,
  otherQuoteAccepted,
  QUOTE_EXPIRED,
  QUOTE_NOT_FOUND,
  ZAcceptQuote,
  ZJobDone,
} from '../../../schemas/homeowner.ts';
import { ZHomeownerMessage } from '../../../schemas/inbox.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { acceptQuote } from '../outcomes/accept-quote.ts';
import { homeownerLinkUrl } from '../access/homeowner-links.ts';
import { markJobDone } from '../outcomes/mark-job-done.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import { postHomeownerMessage } from './post-message.ts';
import type { RequestAccess } from '../access/request-access.ts';

export interface InboxFormState {
  notice: string | null;
  problem: string | null;
  problemStatus: number;
  /** The contractor whose "The job is done" waits for the homeowner's confirmation. */
  confirming: string | null;
  /** The quote whose acceptance waits for the homeowner's confirmation. */
  accepting: string | null;
  /** After "The job is done": the review link to show, and whose. */
  reviewLink: { href: string; businessName: string } | null;
  /** A message refused: what was typed, to whom, and why (shown on its form). */
  draft: { businessId: string; body: string; error: string } | null;
  /** A message went out to this contractor: the page redirects to itself (no repost on reload). */
  sentTo: string | null;
  /** After "What happened?": its thanks or why it was refused, shown by the question (issue 27). */
  outcomeNotice: { kind: 'thanks' | 'problem'; text: string } | null;
}

export const EMPTY_STATE: InboxFormState = {
  notice: null,
  problem: null,
  problemStatus: 400,
  confirming: null,
  accepting: null,
  reviewLink: null,
  draft: null,
  sentTo: null,
  outcomeNotice: null,
};

const statusOf = (error: AppError) =>
  error.code === 'CONFLICT'
    ? 409
    : error.code === 'RATE_LIMITED'
      ? 429
      : error.code === 'NOT_FOUND'
        ? 404
        : 400;

/** The token field the private-link page's forms carry; the account's page carries none. */
const tokenOf = (access: RequestAccess) => ('token' in access ? access.token : 'x'.repeat(43));

export async function handleInboxForm(
  sql: Sql,
  store: UploadStore,
  access: RequestAccess,
  form: FormData,
  meta: { origin: string; ip: string | null },
): Promise<InboxFormState> {
  const state: InboxFormState = { ...EMPTY_STATE };
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  try {
    if (form.has('message')) {
      const parsed = ZHomeownerMessage.safeParse({ businessId: field('businessId'), body: field('body') });
      const photo = form.get('photo');
      const bytes =
        photo instanceof File && photo.size > 0 ? new Uint8Array(await photo.arrayBuffer()) : null;
      if (!parsed.success) {
        state.draft = {
          businessId: field('businessId'),
          body: field('body').slice(0, 4000),
          error: parsed.error.issues[0]?.message ?? MESSAGE_MESSAGES.empty,
        };
        state.problemStatus = 400;
        return state;
      }
      try {
        await postHomeownerMessage(sql, store, access, { ...parsed.data, photo: bytes }, { ip: meta.ip });
        state.sentTo = parsed.data.businessId;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        state.draft = {
          businessId: parsed.data.businessId,
          body: field('body').slice(0, 4000),
          error: error.message,
        };
        state.problemStatus = statusOf(error);
      }
      return state;
    }
    if (form.has('outcome')) {
      // What happened (issue 27): "hired:<business id>", "postponed" or "not_going_ahead".
      const [outcome = '', businessId = null] = field('outcome').split(':');
      const parsed = ZOutcomeAnswer.safeParse({ outcome, businessId });
      if (!parsed.success) {
        state.outcomeNotice = { kind: 'problem', text: OUTCOME_MESSAGES.choose };
        return state;
      }
      try {
        await recordOutcome(sql, access, parsed.data);
        state.outcomeNotice = { kind: 'thanks', text: OUTCOME_MESSAGES.thanks };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        state.outcomeNotice = { kind: 'problem', text: error.message };
        state.problemStatus = statusOf(error);
      }
      return state;
    }
    const intent = field('intent');
    const token = tokenOf(access);
    if (intent) {
      // "The job is done": 'ask' shows the confirmation, 'confirm' records it, 'cancel' neither.
      const parsed = ZJobDone.safeParse({ token, businessId: field('businessId') });
      if (!parsed.success) state.problem = parsed.error.issues[0]?.message ?? INVALID_HOMEOWNER_LINK;
      else if (intent === 'ask') state.confirming = parsed.data.businessId;
      else if (intent === 'confirm') {
        const done = await markJobDone(sql, access, parsed.data.businessId);
        state.notice = done.reviewed
          ? JOB_DONE_MESSAGES.reviewed(done.businessName)
          : done.doneNow
            ? JOB_DONE_MESSAGES.doneNow(done.businessName)
            : JOB_DONE_MESSAGES.doneBefore(done.businessName);
        if (done.reviewToken) {
          const url = new URL(homeownerLinkUrl(meta.origin, 'review', done.reviewToken));
          state.reviewLink = { href: url.pathname + url.search, businessName: done.businessName };
        }
      }
      return state;
    }
    // Accept: 'ask' (or a form without the step) shows the confirmation, 'confirm' accepts,
    // 'cancel' neither.
    const step = field('accept') || 'ask';
    const parsed = ZAcceptQuote.safeParse({ token, communicationId: field('communicationId') });
    if (!parsed.success) state.problem = parsed.error.issues[0]?.message ?? INVALID_HOMEOWNER_LINK;
    else if (step === 'ask') state.accepting = parsed.data.communicationId;
    else if (step === 'confirm') {
      const accepted = await acceptQuote(sql, access, parsed.data.communicationId);
      state.notice = accepted.acceptedNow
        ? `You accepted the quote from ${accepted.businessName}. We let them know; they will contact you to schedule the work. Their contact details are below.`
        : `You had already accepted the quote from ${accepted.businessName}.`;
    }
    return state;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    state.problem = error.message;
    state.problemStatus = statusOf(error);
    return state;
  }
}

/**
 * The page's checks after the request is read, the same on the private-link page and the
 * account's: a confirmation for a contractor not on it, the notice after a message went out
 * (`sent` names its contractor), and the quote to confirm (one of this request's, still open:
 * else why not). Returns the state to draw and the quote awaiting confirmation, if any.
 */
export function settleRequestPage<R extends SettledResponse>(
  state: InboxFormState,
  view: {
    jobs: { businessId: string }[];
    contractors: { businessId: string }[];
    responses: R[];
    acceptedId: string | null;
  },
  sent: string | null,
): { state: InboxFormState; toAccept: R | undefined } {
  let settled = state;
  if (settled.confirming && !view.jobs.some((j) => j.businessId === settled.confirming)) {
    settled = { ...settled, problem: REVIEW_MESSAGES.notResponder, problemStatus: 404, confirming: null };
  }
  if (sent && !settled.notice && view.contractors.some((c) => c.businessId === sent)) {
    settled = { ...settled, notice: MESSAGE_MESSAGES.sent };
  }
  if (!settled.accepting) return { state: settled, toAccept: undefined };
  const toAccept = view.responses.find((r) => r.quote && r.id === settled.accepting);
  if (toAccept && !view.acceptedId && !toAccept.quote?.expired) return { state: settled, toAccept };
  const acceptedName = view.responses.find((r) => r.id === view.acceptedId)?.businessName;
  return {
    state: {
      ...settled,
      problem: acceptedName ? otherQuoteAccepted(acceptedName) : toAccept ? QUOTE_EXPIRED : QUOTE_NOT_FOUND,
      problemStatus: toAccept || view.acceptedId ? 409 : 404,
    },
    toAccept: undefined,
  };
}

/** What settleRequestPage reads of a response. */
interface SettledResponse {
  id: string;
  businessName: string;
  quote: { expired: boolean } | null;
}
