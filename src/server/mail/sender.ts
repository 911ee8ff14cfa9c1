// Delivers the outbox: claims due mails with SKIP LOCKED (several senders never send one mail
// twice), sends each through SMTP (nodemailer) when SMTP_URL is set, or marks it captured when
// no transport is configured (then /dev/mail shows it). Failures are retried with backoff.
import { createTransport, type Transporter } from 'nodemailer';
import { mailFrom, smtpUrl } from '../config.ts';
import type { Sql } from '../db/client.ts';

const MAX_ATTEMPTS = 5;
/** A mail left 'sending' this long by a sender that died is claimed again. */
export const RECLAIM_AFTER_MINUTES = 5;

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
    { id: string; to_address: string; subject: string; text_body: string; attempts: number }[]
  >`
    update mail_outbox set status = 'sending', attempts = attempts + 1, claimed_at = now()
    where id in (
      select id from mail_outbox
      where (status = 'pending' and send_after <= now())
         or (status = 'sending' and claimed_at < now() - make_interval(mins => ${RECLAIM_AFTER_MINUTES}))
      order by send_after limit ${batch} for update skip locked)
    returning id, to_address, subject, text_body, attempts`;
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
      });
      await sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${mail.id}`;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = mail.attempts >= MAX_ATTEMPTS;
      await sql`
        update mail_outbox set status = ${failed ? 'failed' : 'pending'}, last_error = ${message.slice(0, 500)},
          send_after = now() + make_interval(secs => ${2 ** mail.attempts * 30})
        where id = ${mail.id}`;
    }
  }
  return claimed.length;
}

let running: Promise<unknown> | null = null;

/** Starts a delivery in the background after a request wrote mail; never delays the answer. */
export function kickMailSender(sql: Sql): void {
  if (running) return;
  running = deliverPendingMail(sql)
    .catch((error: unknown) => console.error('mail delivery failed', error))
    .finally(() => (running = null));
}
