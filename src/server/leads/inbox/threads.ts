// The messages on a request (issue 25, Must 6): one thread per contractor the request was sold to,
// oldest first. Only bought threads are read (a paid distribution); a contractor's reads are
// further bounded by its owner's owner_since (src/server/accounts/contractor/owner-since.ts) in
// contractor-thread.ts.
import type { Db } from '../../platform/db/client.ts';

export type MessageAuthor = 'homeowner' | 'contractor';

export interface ThreadMessage {
  id: string;
  author: MessageAuthor;
  body: string;
  photo: string | null;
  createdAt: Date;
}

interface Row {
  id: string;
  business_id: string;
  author: MessageAuthor;
  body: string;
  photos: string[];
  created_at: Date;
}

const toMessage = (r: Row): ThreadMessage => ({
  id: r.id,
  author: r.author,
  body: r.body,
  photo: r.photos[0] ?? null,
  createdAt: r.created_at,
});

/** Every bought thread of a request, by contractor (the homeowner's view). */
export async function threadsOf(sql: Db, leadId: string): Promise<Map<string, ThreadMessage[]>> {
  const rows = await sql<Row[]>`
    select m.id, m.business_id, m.author, m.body, m.photos, m.created_at
      from lead_messages m
      join lead_distributions d on d.lead_id = m.lead_id and d.business_id = m.business_id
     where m.lead_id = ${leadId} and d.payment_status = 'paid'
     order by m.created_at, m.id`;
  const threads = new Map<string, ThreadMessage[]>();
  for (const row of rows) {
    const list = threads.get(row.business_id) ?? [];
    list.push(toMessage(row));
    threads.set(row.business_id, list);
  }
  return threads;
}

/** One thread, oldest first. */
export async function threadOf(sql: Db, leadId: string, businessId: string): Promise<ThreadMessage[]> {
  const rows = await sql<Row[]>`
    select id, business_id, author, body, photos, created_at from lead_messages
     where lead_id = ${leadId} and business_id = ${businessId}
     order by created_at, id`;
  return rows.map(toMessage);
}

/** The reader has seen what the other side wrote (in one thread, or in all of a request's). */
export async function markThreadRead(
  sql: Db,
  leadId: string,
  reader: MessageAuthor,
  businessId?: string,
): Promise<void> {
  const other: MessageAuthor = reader === 'homeowner' ? 'contractor' : 'homeowner';
  await sql`
    update lead_messages set read_at = now()
     where lead_id = ${leadId} and author = ${other} and read_at is null
       ${businessId ? sql`and business_id = ${businessId}` : sql``}`;
}
