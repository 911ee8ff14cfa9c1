// Scheduled on Netlify: delivers the mail outbox and the alert outbox (pushes and texts) every
// minute (requests also start a delivery after writing mail or alerts; this catches what they
// left, retries failures and sends what quiet hours held).
import type { Config } from '@netlify/functions';
import { drainAlerts } from '../../src/server/alerts/deliver-alerts.ts';
import { alertPorts } from '../../src/server/alerts/index.ts';
import { db } from '../../src/server/db/client.ts';
import { deliverPendingMail } from '../../src/server/mail/sender.ts';

export default async (): Promise<void> => {
  // Mail first, and each on its own: a push service that hangs, or a push port that cannot be
  // built, never keeps the mail from going.
  try {
    while ((await deliverPendingMail(db())) > 0) {
      // until nothing is due
    }
  } finally {
    await drainAlerts(db(), alertPorts(db()));
  }
};

export const config: Config = { schedule: '* * * * *' };
