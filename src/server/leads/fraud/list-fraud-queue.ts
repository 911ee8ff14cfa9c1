// The fraud queue's lists, by keyset pages of FRAUD_PAGE_SIZE: held requests oldest first
// (created_at, id), reported requests newest report first (reported_at, id), and the contact
// details blocked now, newest first (created_at, id); each request with its signals.
import { FRAUD_PAGE_SIZE } from '../../../domain/fraud-rules.ts';
import type {
  BlockedIdentity,
  BlockKind,
  FraudQueuePage,
  TFraudQuery,
} from '../../../schemas/admin-fraud.ts';
import { cursorCodec, keysetPage } from '../../platform/cursor.ts';
import type { Sql } from '../../platform/db/client.ts';
import { fraudLeads } from './fraud-leads.ts';

/** Each list's keyset: (created_at or reported_at as PostgreSQL prints it, id). */
const fraudListCursors = {
  held: cursorCodec('admin-fraud-held', ['time', 'uuid']),
  reported: cursorCodec('admin-fraud-reported', ['time', 'uuid']),
  blocked: cursorCodec('admin-fraud-blocked', ['time', 'uuid']),
} as const;

export async function listFraudQueue(
  sql: Sql,
  query: TFraudQuery,
  limit = FRAUD_PAGE_SIZE,
): Promise<FraudQueuePage> {
  const codec = fraudListCursors[query.list];
  const [at, id] = query.cursor ? codec.read(query.cursor) : [];
  const after = at && id ? { at, id } : null;
  const keyset = <R extends { at: string; id: string }>(rows: R[]) =>
    keysetPage(rows, limit, codec, (r) => [r.at, r.id]);
  if (query.list === 'blocked') {
    const rows = await sql<(BlockedRow & { at: string })[]>`
      select b.id, b.kind, b.value, b.reason, b.lead_id, u.email as blocked_by, b.created_at, b.released_at,
             b.created_at::text as at
        from blocked_identities b left join users u on u.id = b.blocked_by
       where b.released_at is null
         ${after ? sql`and (b.created_at, b.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
       order by b.created_at desc, b.id desc
       limit ${limit + 1}`;
    const { page, nextCursor } = keyset(rows);
    return { leads: [], blocks: page.map(toBlockedIdentity), nextCursor };
  }
  const rows =
    query.list === 'held'
      ? await sql<{ id: string; at: string }[]>`
          select id, created_at::text as at from leads
           where qualification = 'held'
             ${after ? sql`and (created_at, id) > (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
           order by created_at, id
           limit ${limit + 1}`
      : await sql<{ id: string; at: string }[]>`
          select id, reported_at::text as at from leads
           where reported_at is not null
             ${after ? sql`and (reported_at, id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
           order by reported_at desc, id desc
           limit ${limit + 1}`;
  const { page, nextCursor } = keyset(rows);
  return {
    leads: await fraudLeads(
      sql,
      page.map((r) => r.id),
    ),
    blocks: [],
    nextCursor,
  };
}

export interface BlockedRow {
  id: string;
  kind: BlockKind;
  value: string;
  reason: string;
  lead_id: string | null;
  blocked_by: string | null;
  created_at: Date;
  released_at: Date | null;
}

export function toBlockedIdentity(row: BlockedRow): BlockedIdentity {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    leadId: row.lead_id,
    blockedBy: row.blocked_by,
    createdAt: row.created_at.toISOString(),
    releasedAt: row.released_at?.toISOString() ?? null,
  };
}
