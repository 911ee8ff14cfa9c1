// This browser's Web Push subscription, shared by the contractor's Lead alerts card
// (islands/dashboard/AlertsPanel.tsx) and the homeowner's notifications on the responses page
// (islands/inbox/request-push.ts): whether the browser can, its current endpoint, and subscribing
// with the server's VAPID key (the browser's permission asked then, on the visitor's click).

/** Whether this browser can receive pushes (on an iPhone: only from the Home Screen app). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The worker that receives pushes (registered by the app chrome; registering again is a no-op). */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether a subscription's server key is `key` (a browser that does not say is taken at its word). */
function sameKey(current: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** This browser's push endpoint, or null when it has no subscription (or cannot have one). */
export async function currentPushEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** Drops this browser's subscription with its push service. */
export async function unsubscribePush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

export type Subscribed =
  { ok: true; subscription: PushSubscriptionJSON } | { ok: false; permission: 'denied' | 'default' };

/**
 * Asks the browser's permission (call it from a click) and subscribes with `vapidPublicKey`,
 * reusing the subscription this browser has unless it was made with another server key. Throws
 * when the browser or its push service fails.
 */
export async function subscribePush(vapidPublicKey: string): Promise<Subscribed> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, permission };
  const registration = await workerRegistration();
  const key = keyBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  // One made with another server key (the key pair changed) would never receive: made again.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return { ok: true, subscription: subscription.toJSON() };
}
