// The SMS provider this deployment uses: Twilio when its account is configured, the sandbox
// otherwise (never in production: config/production.ts refuses to run there without Twilio).
import { twilioConfig } from '../config/messaging.ts';
import type { Sql } from '../db/client.ts';
import { createSandboxSms } from './sandbox-sms.ts';
import type { SmsPort } from './sms-port.ts';
import { createTwilioSms } from './twilio-sms.ts';

let twilioPort: { key: string; port: SmsPort } | undefined;

export function smsPort(sql: Sql): SmsPort {
  const config = twilioConfig();
  if (!config) return createSandboxSms(sql);
  // One SDK client per process and configuration (it keeps its connections).
  const key = JSON.stringify(config);
  if (twilioPort?.key !== key) twilioPort = { key, port: createTwilioSms(config) };
  return twilioPort.port;
}
