// The transactional outbox: a mail is a row written in the same transaction as the change it
// announces, so it is never lost and never sent for a change that rolled back. The sender
// (mail/sender.ts) delivers it afterwards.
import type { Db, Sql } from '../db/client.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML twin of the text (mail/layout.tsx's layoutMail writes both); null: text only. */
  html?: string;
  template: string;
  payload?: Record<string, string | number | boolean | null>;
  /** Held back this long before the sender may take it (a change that can still be undone). */
  sendAfterSeconds?: number;
}

/** Queues `mail`; its row's id (a push that may stand in for it holds it by that: request-push.ts). */
export async function enqueueMail(sql: Db, mail: OutgoingMail): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into mail_outbox (to_address, subject, text_body, html_body, template, payload, send_after)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.template}, ${sql.json(mail.payload ?? {})},
            now() + make_interval(secs => ${mail.sendAfterSeconds ?? 0}))
    returning id`;
  return row!.id;
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  template: string;
  status: string;
  createdAt: Date;
}

/** The newest mails, for /dev/mail (only where mail is captured), optionally to one address. */
export async function listMail(sql: Sql, limit = 50, to?: string): Promise<StoredMail[]> {
  return sql<StoredMail[]>`
    select id, to_address as "to", subject, text_body as text, html_body as html, template, status, created_at as "createdAt"
    from mail_outbox ${to ? sql`where to_address = ${to.trim().toLowerCase()}` : sql``}
    order by created_at desc, id limit ${limit}`;
}
