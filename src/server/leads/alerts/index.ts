// The ports alerts go out through: web-push with the configured VAPID pair (the embedded
// default's own pair outside production; one per process), and the deployment's SMS port.
import { vapidSubject } from '../../platform/config/messaging.ts';
import type { Sql } from '../../platform/db/client.ts';
import { smsPort } from '../../platform/sms/index.ts';
import type { AlertPorts } from './deliver-alerts.ts';
import type { PushPort } from './push-port.ts';
import { vapidKeys } from './vapid-keys.ts';
import { createWebPushPort } from './web-push-port.ts';

let port: PushPort | undefined;

export function pushPort(): PushPort {
  port ??= createWebPushPort({ ...vapidKeys(), subject: vapidSubject() });
  return port;
}

export function alertPorts(sql: Sql): AlertPorts {
  return { push: pushPort(), sms: smsPort(sql) };
}
