// The admin contractors page's three lists, newest first or by name, a page at a time: the PENDING
// queue, the pending listing claims, and the listed (ACTIVE or SUSPENDED) businesses, searched.
import { ADMIN_CONTRACTORS_PAGE_SIZE } from '../../domain/admin-rules.ts';
import type { ClaimConfirmation } from '../../domain/claim-rules.ts';
import type {
  AdminClaim,
  AdminClaimListing,
  AdminContractorPage,
  TAdminContractorQuery,
} from '../../schemas/admin.ts';
import type { Sql } from '../platform/db/client.ts';
import { cursorCodec, keysetPage, type CursorCodec } from '../platform/cursor.ts';
import { toConfirmation } from '../accounts/index.ts';
import { businessSelect, licenceJson, toBusiness, type BusinessRow } from './contractor-rows.ts';
import { containsPattern } from './users.ts';

// Cursors: the newest-first lists carry (created_at as PostgreSQL prints it, id); the listed
// businesses (lower(name), id).
const contractorListCursors = {
  claims: cursorCodec('admin-claims', ['time', 'uuid']),
  pending: cursorCodec('admin-contractors-pending', ['time', 'uuid']),
  listed: cursorCodec('admin-contractors-listed', ['text', 'uuid']),
} as const;

const timeAfter = (codec: CursorCodec<readonly ['time', 'uuid']>, raw: string | undefined) => {
  if (!raw) return null;
  const [at, id] = codec.read(raw);
  return { at, id };
};

export async function listContractors(
  sql: Sql,
  query: TAdminContractorQuery,
  limit = ADMIN_CONTRACTORS_PAGE_SIZE,
): Promise<AdminContractorPage> {
  if (query.list === 'claims') {
    const after = timeAfter(contractorListCursors.claims, query.cursor);
    const rows = await sql<
      {
        id: string;
        business_id: string;
        business_name: string;
        business_slug: string;
        claimant_email: string;
        details: Record<string, unknown>;
        created_at: Date;
        created_text: string;
        verified_at: Date | null;
        verified_channel: ClaimConfirmation['channel'] | null;
        verified_target: string | null;
        listing: AdminClaimListing;
      }[]
    >`
      select c.id, c.business_id, b.name as business_name, b.slug as business_slug,
             u.email as claimant_email, c.details, c.created_at, c.created_at::text as created_text,
             c.verified_at, c.verified_channel, c.verified_target,
             json_build_object('phone', b.phone, 'email', b.email, 'website', b.website, 'address', b.address,
                               'city', b.city, 'zipCode', b.zip_code, 'category', b.category,
                               'licence', ${licenceJson(sql)}) as listing
        from business_claims c join businesses b on b.id = c.business_id join users u on u.id = c.claimant_id
       where c.status = 'pending'
         ${after ? sql`and (c.created_at, c.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
       order by c.created_at desc, c.id desc
       limit ${limit + 1}`;
    const { page, nextCursor } = keysetPage(rows, limit, contractorListCursors.claims, (r) => [
      r.created_text,
      r.id,
    ]);
    return {
      businesses: [],
      claims: page.map((r): AdminClaim => ({
        id: r.id,
        businessId: r.business_id,
        businessName: r.business_name,
        businessSlug: r.business_slug,
        claimantEmail: r.claimant_email,
        details: r.details,
        createdAt: r.created_at.toISOString(),
        confirmation: toConfirmation(r),
        listing: r.listing,
      })),
      nextCursor,
    };
  }
  if (query.list === 'pending') {
    const after = timeAfter(contractorListCursors.pending, query.cursor);
    const rows = await sql<BusinessRow[]>`
      ${businessSelect(sql)}
       where b.status = 'PENDING'
         ${after ? sql`and (b.created_at, b.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
       order by b.created_at desc, b.id desc
       limit ${limit + 1}`;
    const { page, nextCursor } = keysetPage(rows, limit, contractorListCursors.pending, (r) => [
      r.created_text,
      r.id,
    ]);
    return { businesses: page.map(toBusiness), claims: [], nextCursor };
  }
  const after = query.cursor ? contractorListCursors.listed.read(query.cursor) : null;
  const q = query.q?.trim().toLowerCase();
  const rows = await sql<BusinessRow[]>`
    ${businessSelect(sql)}
     where b.status in ('ACTIVE', 'SUSPENDED')
       ${q ? sql`and lower(b.name) like ${containsPattern(q)}` : sql``}
       ${after ? sql`and (lower(b.name), b.id) > (${after[0]}, ${after[1]})` : sql``}
     order by lower(b.name), b.id
     limit ${limit + 1}`;
  const { page, nextCursor } = keysetPage(rows, limit, contractorListCursors.listed, (r) => [
    r.name.toLowerCase(),
    r.id,
  ]);
  return { businesses: page.map(toBusiness), claims: [], nextCursor };
}
