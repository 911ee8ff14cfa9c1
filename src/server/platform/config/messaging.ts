// How the server reaches people: mail (SMTP, or captured for /dev/mail), texts (Twilio, or the
// sandbox at /dev/sms) and Web Push (the VAPID key pair).
import { serverEnv } from './env.ts';
import { isProduction, productionValue } from './production.ts';

/** The SMTP transport's URL; null captures mail for /dev/mail instead (never in production). */
export function smtpUrl(): string | null {
  return productionValue('SMTP_URL') ?? null;
}

/** Mail goes to SMTP when SMTP_URL is set; otherwise it is captured and shown at /dev/mail. */
export function mailIsCaptured(): boolean {
  return smtpUrl() === null;
}

export function mailFrom(): string {
  return productionValue('MAIL_FROM') ?? 'Dayton Contractors <no-reply@localhost>';
}

/** Twilio's account and services when phones are proven through it; null selects the sandbox. */
export function twilioConfig(): {
  accountSid: string;
  authToken: string;
  verifyServiceSid: string;
  messagingServiceSid: string | null;
  apiUrl: string | null;
} | null {
  const accountSid = productionValue('TWILIO_ACCOUNT_SID');
  const authToken = productionValue('TWILIO_AUTH_TOKEN');
  const verifyServiceSid = productionValue('TWILIO_VERIFY_SERVICE_SID');
  if (!accountSid || !authToken || !verifyServiceSid) return null;
  const env = serverEnv();
  return {
    accountSid,
    authToken,
    verifyServiceSid,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID ?? null,
    apiUrl: env.TWILIO_API_URL ?? null,
  };
}

/** Texts and calls are kept for /dev/sms rather than sent (no Twilio configured). */
export function smsIsSandboxed(): boolean {
  const env = serverEnv();
  return !env.TWILIO_ACCOUNT_SID && !isProduction(env);
}

/** The VAPID key pair from the environment (required in production), or null for the embedded default's. */
export function vapidKeysFromEnv(): { publicKey: string; privateKey: string } | null {
  const publicKey = productionValue('VAPID_PUBLIC_KEY');
  const privateKey = productionValue('VAPID_PRIVATE_KEY');
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

/** The VAPID subject: VAPID_SUBJECT, else mailto: the address alerts' mail comes from. */
export function vapidSubject(): string {
  const configured = serverEnv().VAPID_SUBJECT;
  if (configured) return configured;
  const address = /<([^>]+)>/.exec(mailFrom())?.[1] ?? mailFrom().trim();
  return `mailto:${address}`;
}

/** Whether push endpoints on this machine (127.0.0.1, localhost) are allowed: never in production. */
export function localPushServicesAllowed(): boolean {
  return !isProduction(serverEnv());
}
