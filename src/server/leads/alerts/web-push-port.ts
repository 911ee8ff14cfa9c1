// Web Push through the web-push SDK: it encrypts the payload for the device (aes128gcm, RFC 8291)
// and signs the VAPID header (RFC 8292); the request goes out with fetch, which takes any push
// service URL (web-push's own sender speaks https only, so a local stand-in could not be used).
// No redirect is followed: a push service answers where it is.
import webpush from 'web-push';
import { PushUnavailableError, type PushOptions, type PushPort, type PushTarget } from './push-port.ts';
import { PUSH_TIMEOUT_MS } from '../leads-rules.ts';

export function createWebPushPort(vapid: {
  publicKey: string;
  privateKey: string;
  subject: string;
}): PushPort {
  return {
    publicKey: vapid.publicKey,
    async send(target: PushTarget, payload: string, options: PushOptions) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          ...(options.topic ? { topic: options.topic } : {}),
        },
      );
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
      } catch (error) {
        throw new PushUnavailableError(error instanceof Error ? error.message : String(error));
      }
      await response.body?.cancel();
      return { status: response.status };
    },
  };
}
