// What both homeowner request pages do before they draw RequestInbox.astro (issue 25): the private
// link's (/quote-request/responses?token=) and the account's (/profile/requests/<id>). A posted
// form (accept, "The job is done", a message) runs first; a message sent sends the browser on
// (303, no repost on reload); then the request is read, its view counted and marked read when a
// person opened it, and the page's checks settle what to draw and with which status.
import type { AstroGlobal } from 'astro';
import { ZLinkToken } from '~/schemas/homeowner';
import { db } from '~/server/platform/db/client';
import { handleFormPost } from '~/server/platform/form-post';
import {
  EMPTY_STATE,
  handleInboxForm,
  isRealView,
  recordResponsesView,
  requestView,
  resolveRequest,
  settleRequestPage,
  type InboxFormState,
  type RequestView,
} from '~/server/leads';
import { kickMailSender } from '~/server/platform/mail/sender';
import { uploadStore } from '~/server/platform/storage/uploads';

export interface RequestPage {
  /** The request, or null: not found (the page answers 404). */
  view: RequestView | null;
  state: InboxFormState;
  /** The quote awaiting the homeowner's confirmation: one of this request's, still open. */
  toAccept: RequestView['responses'][number] | undefined;
  /** The link's token the forms post back ('' on the account's page). */
  token: string;
}

/** The account's own key to one of its requests, or null: the private link's token is the key. */
type AccountKey = { userId: string; leadId: string } | null;

const keyOf = (account: AccountKey, token: string) =>
  account ?? (ZLinkToken.safeParse(token).success ? { token } : null);

export async function requestPage(
  Astro: AstroGlobal,
  account: AccountKey,
  /** Where the browser goes after a message went out to `sentTo`. */
  afterSent: (sentTo: string, token: string) => string,
): Promise<Response | RequestPage> {
  const post = await handleFormPost(Astro, {
    fields: { token: null },
    run: async ({ token }, form) => {
      const access = keyOf(account, token);
      // An unreadable form, or one without the request's key, changes nothing: the page says why not.
      if (!form || !access) return { ...EMPTY_STATE };
      const done = await handleInboxForm(db(), uploadStore(), access, form, {
        origin: Astro.url.origin,
        ip: Astro.locals.site.clientAddress ?? null,
      });
      kickMailSender(db());
      return done;
    },
    redirect: (done, { token }) => (done.sentTo ? afterSent(done.sentTo, token) : null),
  });
  if (post instanceof Response) return post;
  // The inbox's refusals are its state; an AppError here is a fault.
  if (post.kind === 'failed') throw post.error;
  const token = account
    ? ''
    : post.kind === 'none'
      ? (Astro.url.searchParams.get('token') ?? '')
      : post.input.token;
  let state = post.kind === 'done' ? post.value : { ...EMPTY_STATE };
  const access = keyOf(account, token);
  const leadId = access ? await resolveRequest(db(), access) : null;
  if (leadId && isRealView(Astro.request)) await recordResponsesView(db(), leadId);
  const view = leadId ? await requestView(db(), leadId, { markRead: isRealView(Astro.request) }) : null;
  let toAccept: RequestPage['toAccept'];
  if (view) ({ state, toAccept } = settleRequestPage(state, view, Astro.url.searchParams.get('sent')));
  if (!view) Astro.response.status = 404;
  else if (state.problem || state.draft || state.outcomeNotice?.kind === 'problem')
    Astro.response.status = state.problemStatus;
  return { view, state, toAccept, token };
}
