// Delivers the outbox: claims due mails with SKIP LOCKED (several senders never send one mail
// twice), sends each through SMTP (nodemailer) when SMTP_URL is set, or marks it captured when
// no transport is configured (then /dev/mail shows it). Failures are retried with backoff.
//
// Never lost: a relay that cannot be reached, drops the session or answers 4xx is an outage, not
// a verdict on the mail, so it is tried again every few minutes however long the outage lasts
// (up to GIVE_UP_AFTER_DAYS); a relay refusing the mail itself (5xx), or any other error (a mail
// that cannot be built), MAX_ATTEMPTS times marks it failed. At least once: a session dropped after the data was sent, before the relay's
// '250', may have delivered it, and it is sent again; every copy carries the row's Message-ID,
// so mail clients show one (docs/reliability.md: SMTP down).
import { createTransport, type Transporter } from 'nodemailer';
import { mailFrom, smtpUrl } from '../config/messaging.ts';
import type { Sql } from '../db/client.ts';
import { log, outsideRequest } from '../log.ts';

const MAX_ATTEMPTS = 5;
/** Longest wait between two tries, so mail goes out within minutes of the relay's return. */
const MAX_BACKOFF_SECONDS = 300;
/** A mail the relay could not take for this long (an outage, not a refusal) is given up. */
const GIVE_UP_AFTER_DAYS = 3;
/** A mail left 'sending' this long by a sender that died is claimed again. */
const RECLAIM_AFTER_MINUTES = 5;

let transporter: Transporter | null | undefined;
function transport(): Transporter | null {
  const url = smtpUrl();
  transporter ??= url ? createTransport(url) : null;
  return transporter;
}

export async function deliverPendingMail(
  sql: Sql,
  options: { transport?: Transporter | null; batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 20;
  const claimed = await sql<
    {
      id: string;
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      attempts: number;
      expired: boolean;
    }[]
  >`
    update mail_outbox set status = 'sending', attempts = attempts + 1, claimed_at = now()
    where id in (
      select id from mail_outbox
      where (status = 'pending' and send_after <= now())
         or (status = 'sending' and claimed_at < now() - make_interval(mins => ${RECLAIM_AFTER_MINUTES}))
      order by send_after limit ${batch} for update skip locked)
    returning id, to_address, subject, text_body, html_body, attempts,
      created_at < now() - make_interval(days => ${GIVE_UP_AFTER_DAYS}) as expired`;
  const smtp = options.transport === undefined ? transport() : options.transport;
  for (const mail of claimed) {
    if (!smtp) {
      await sql`update mail_outbox set status = 'captured', sent_at = now() where id = ${mail.id}`;
      continue;
    }
    try {
      await smtp.sendMail({
        from: mailFrom(),
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        // multipart/alternative: the layout's HTML, the text twin for clients that show no HTML.
        ...(mail.html_body ? { html: mail.html_body } : {}),
        // The same on every try: copies a lost '250' caused are one message to the recipient.
        messageId: `<${mail.id}@${senderDomain()}>`,
      });
      await sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${mail.id}`;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = (!smtpOutage(error) && mail.attempts >= MAX_ATTEMPTS) || mail.expired;
      await sql`
        update mail_outbox set status = ${failed ? 'failed' : 'pending'}, last_error = ${message.slice(0, 500)},
          send_after = now() + make_interval(secs => ${Math.min(2 ** mail.attempts * 30, MAX_BACKOFF_SECONDS)})
        where id = ${mail.id}`;
    }
  }
  return claimed.length;
}

/** nodemailer's codes for a relay that could not be reached or dropped the session. */
const OUTAGE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * An outage to wait out: the relay unreachable, the session dropped, or a temporary (4xx) reply.
 * Anything else (a 5xx refusal, a mail nodemailer cannot build) counts towards MAX_ATTEMPTS.
 */
function smtpOutage(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && OUTAGE_CODES.has(code);
}

/** The domain of the From address, for Message-IDs. */
function senderDomain(): string {
  return /@([^>\s]+)>?\s*$/.exec(mailFrom())?.[1] ?? 'localhost';
}

let running: Promise<unknown> | null = null;

/** Starts a delivery in the background after a request wrote mail; never delays the answer. */
export function kickMailSender(sql: Sql): void {
  if (running) return;
  running = outsideRequest(() =>
    deliverPendingMail(sql)
      .catch((error: unknown) => log().error({ err: error }, 'mail delivery failed'))
      .finally(() => (running = null)),
  );
}

/** Resolves when the background delivery (if any) has finished: for tests. */
export async function mailSenderIdle(): Promise<void> {
  while (running) await running;
}
