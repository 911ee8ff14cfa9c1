// The push port this deployment uses: web-push with the configured VAPID pair (the embedded
// default's own pair outside production). One per process.
import { vapidSubject } from '../config.ts';
import type { PushPort } from './push-port.ts';
import { vapidKeys } from './vapid-keys.ts';
import { createWebPushPort } from './web-push-port.ts';

let port: PushPort | undefined;

export function pushPort(): PushPort {
  port ??= createWebPushPort({ ...vapidKeys(), subject: vapidSubject() });
  return port;
}
