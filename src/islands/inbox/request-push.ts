// The homeowner's notifications for one request, on the responses page (issue 27, Must 4), without a
// framework (the page ships none): the prebuilt card (components/inbox/RequestPush.astro) is shown
// where the browser can take pushes; its button asks the browser's permission and registers this
// browser for the request (POST /api/quote-responses/push), or turns it off again. The request is
// named by the link's token or, signed in, by its id, exactly as the page's forms name it.
import { REQUEST_PUSH_MESSAGES as M } from '../../domain/alert-rules.ts';
import type { RequestPushState } from '../../schemas/alerts.ts';
import { api } from '../shared/api.ts';
import { currentPushEndpoint, pushSupported, subscribePush } from '../shared/push-subscription.ts';

export function initRequestPush(card: HTMLElement): void {
  const on = card.querySelector<HTMLButtonElement>('[data-push-on]')!;
  const off = card.querySelector<HTMLButtonElement>('[data-push-off]')!;
  const status = card.querySelector<HTMLElement>('[data-push-status]')!;
  const access = card.dataset['token']
    ? { token: card.dataset['token'] }
    : { requestId: card.dataset['requestId'] ?? '' };
  const vapidPublicKey = card.dataset['vapidKey'] ?? '';

  const show = (isOn: boolean, text: string, kind: 'notice' | 'error' = 'notice') => {
    on.hidden = isOn;
    off.hidden = !isOn;
    status.textContent = text;
    status.classList.toggle('error', kind === 'error');
  };
  const busy = (button: HTMLButtonElement, busyText: string | null) => {
    button.disabled = busyText !== null;
    button.textContent = busyText ?? (button === on ? M.turnOn : M.turnOff);
  };

  card.hidden = false;
  if (!pushSupported()) {
    on.hidden = true;
    off.hidden = true;
    status.textContent = M.unsupported;
    return;
  }

  void currentPushEndpoint().then(async (endpoint) => {
    if (!endpoint) return;
    const answer = await api<RequestPushState>('POST', '/api/quote-responses/push/state', {
      ...access,
      endpoint,
    });
    if (answer.ok && answer.body.on) show(true, M.on);
  });

  on.addEventListener('click', () => {
    void (async () => {
      busy(on, 'Turning on…');
      try {
        const subscribed = await subscribePush(vapidPublicKey);
        if (!subscribed.ok)
          return show(false, subscribed.permission === 'denied' ? M.denied : M.dismissed, 'error');
        const answer = await api<RequestPushState>('POST', '/api/quote-responses/push', {
          ...access,
          subscription: subscribed.subscription,
        });
        if (!answer.ok) return show(false, answer.body.error ?? M.failed, 'error');
        show(true, M.on);
        off.focus();
      } catch {
        show(false, M.failed, 'error');
      } finally {
        busy(on, null);
      }
    })();
  });

  off.addEventListener('click', () => {
    void (async () => {
      busy(off, 'Turning off…');
      // This browser's subscription stays: it may listen to another request or a contractor's leads.
      const endpoint = await currentPushEndpoint();
      const answer = endpoint
        ? await api<RequestPushState>('DELETE', '/api/quote-responses/push', { ...access, endpoint })
        : null;
      busy(off, null);
      if (answer && !answer.ok) return show(true, answer.body.error ?? M.failed, 'error');
      show(false, M.off);
      on.focus();
    })();
  });
}
