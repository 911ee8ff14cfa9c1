// A browser whose push service is the local stand-in (tests/helpers/push-service.ts). Chromium's own
// push service (Firebase Cloud Messaging) cannot be reached here, so PushManager.subscribe is the
// one thing replaced: it answers a subscription of the local push service, made as a browser makes
// one. Everything after it is real: the server's web-push, the HTTP request, the decryption.
import type { BrowserContext } from '@playwright/test';
import type { PushSubscriptionJson } from './push-service.ts';

/**
 * This browser's PushManager subscribes at the local push service. Like a real browser's, the
 * subscription outlives the page: it is kept (in localStorage) until it is unsubscribed.
 */
export async function subscribeLocally(
  context: BrowserContext,
  subscription: PushSubscriptionJson,
): Promise<void> {
  await context.addInitScript((json: PushSubscriptionJson) => {
    const KEY = 'test-push-subscription';
    const made = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => json,
      unsubscribe: () => {
        localStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = function () {
      localStorage.setItem(KEY, '1');
      return Promise.resolve(made);
    };
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(localStorage.getItem(KEY) ? made : null);
    };
  }, subscription);
}
