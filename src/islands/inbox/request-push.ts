// The homeowner's notifications for one request, on the responses page (issue 27, Must 4), without a
// framework (the page ships none): the prebuilt card (components/inbox/RequestPush.astro) is shown
// where a script runs; its button asks the browser's permission and registers this browser for the
// request (POST /api/quote-responses/push), or turns it off again, here or on every device (a link
// that reached someone else stops there). The request is named by the link's token or, signed in,
// by its id, exactly as the page's forms name it.
import { REQUEST_PUSH_MESSAGES as M } from '../../domain/alert-rules.ts';
import type { RequestPushState } from '../../schemas/alerts.ts';
import { api } from '../shared/api.ts';
import { currentPushEndpoint, pushSupported, subscribePush } from '../shared/push-subscription.ts';

export function initRequestPush(card: HTMLElement): void {
  const on = card.querySelector<HTMLButtonElement>('[data-push-on]')!;
  const off = card.querySelector<HTMLButtonElement>('[data-push-off]')!;
  const offAll = card.querySelector<HTMLButtonElement>('[data-push-off-all]')!;
  const count = card.querySelector<HTMLElement>('[data-push-devices]')!;
  const status = card.querySelector<HTMLElement>('[data-push-status]')!;
  const access = card.dataset['token']
    ? { token: card.dataset['token'] }
    : { requestId: card.dataset['requestId'] ?? '' };
  const vapidPublicKey = card.dataset['vapidKey'] ?? '';
  const canPush = pushSupported();
  // A quote accepted: nothing new is offered; browsers still listening keep their way out.
  const offer = card.dataset['offer'] !== 'false';

  const show = (state: RequestPushState) => {
    if (!offer) card.hidden = state.devices === 0;
    on.hidden = state.on || !canPush || !offer;
    off.hidden = !state.on;
    offAll.hidden = state.devices === 0;
    count.textContent = state.devices > 0 ? M.devices(state.devices) : '';
  };
  const say = (text: string, kind: 'notice' | 'error' = 'notice') => {
    status.textContent = text;
    status.classList.toggle('error', kind === 'error');
  };
  /** Runs one action at a time; a button keeps its focus while it works (aria-disabled, not disabled). */
  let busy = false;
  const act = (button: HTMLButtonElement, working: string, run: () => Promise<void>) => {
    button.addEventListener('click', () => {
      if (busy) return;
      busy = true;
      const label = button.textContent;
      button.setAttribute('aria-disabled', 'true');
      button.textContent = working;
      void run()
        .catch(() => say(M.failed, 'error'))
        .finally(() => {
          busy = false;
          button.removeAttribute('aria-disabled');
          button.textContent = label;
        });
    });
  };

  card.hidden = !offer;
  if (!canPush || !offer) on.hidden = true;
  if (!canPush && offer) say(M.unsupported);
  void currentPushEndpoint().then(async (endpoint) => {
    const answer = await api<RequestPushState>('POST', '/api/quote-responses/push/state', {
      ...access,
      endpoint: endpoint ?? '',
    });
    if (answer.ok) show(answer.body);
  });

  act(on, 'Turning on…', async () => {
    const subscribed = await subscribePush(vapidPublicKey);
    if (!subscribed.ok) return say(subscribed.permission === 'denied' ? M.denied : M.dismissed, 'error');
    const answer = await api<RequestPushState>('POST', '/api/quote-responses/push', {
      ...access,
      subscription: subscribed.subscription,
    });
    if (!answer.ok) return say(answer.body.error ?? M.failed, 'error');
    show(answer.body);
    say(M.on);
    off.focus();
  });

  // This browser's subscription stays with its push service: it may listen to another request or
  // bring a contractor's leads.
  act(off, 'Turning off…', async () => {
    const endpoint = await currentPushEndpoint();
    const answer = await api<RequestPushState>('DELETE', '/api/quote-responses/push', {
      ...access,
      endpoint: endpoint ?? '',
    });
    if (!answer.ok) return say(answer.body.error ?? M.failed, 'error');
    show(answer.body);
    say(M.off);
    (on.hidden ? offAll : on).focus();
  });

  act(offAll, 'Turning off…', async () => {
    const answer = await api<RequestPushState>('DELETE', '/api/quote-responses/push', {
      ...access,
      endpoint: 'all',
    });
    if (!answer.ok) return say(answer.body.error ?? M.failed, 'error');
    show(answer.body);
    say(M.allOff);
    if (!on.hidden) on.focus();
  });
}
