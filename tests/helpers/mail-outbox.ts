// What the outbox holds for an address, as the tests against the real database read it.
import type { Sql } from '../../src/server/platform/db/client.ts';

/** The token of the link in the newest mail of `template` to `to`; throws when there is none. */
export async function mailedToken(sql: Sql, to: string, template: string): Promise<string> {
  const [mail] = await sql<{ text_body: string }[]>`
    select text_body from mail_outbox where to_address = ${to} and template = ${template}
    order by created_at desc, id desc limit 1`;
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no ${template} mail to ${to}`);
  return token;
}
