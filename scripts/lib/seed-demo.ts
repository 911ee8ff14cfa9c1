// Writes the generated demo data into the database in one transaction: users and roles,
// businesses, their services, reviews, portfolio, sandbox cards. Ratings and review counts
// are computed from the verified reviews, so what a page shows always matches the rows.
import type { Sql, TransactionSql } from '../../src/server/platform/db/client.ts';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import { refreshSearchLexicon } from '../../src/server/site/search/refresh-lexicon.ts';
import {
  DEMO_HOMEOWNER_EMAIL,
  DEMO_HOMEOWNER_PHONE,
  DEMO_NOW,
  DEMO_PASSWORD,
  DEMO_SEED,
  type DemoData,
} from './demo-data.ts';

export interface DemoSeedResult {
  businesses: number;
  active: number;
  pending: number;
  reviews: number;
  accounts: number;
}

/** Rows in batches: one statement each, under the protocol's parameter limit. */
async function insertInChunks(
  tx: TransactionSql,
  table: string,
  rows: Record<string, unknown>[],
  size = 500,
) {
  for (let start = 0; start < rows.length; start += size) {
    await tx`insert into ${tx(table)} ${tx(rows.slice(start, start + size))}`;
  }
}

export async function isDemoSeeded(sql: Sql): Promise<boolean> {
  const [row] = await sql`select 1 from app_meta where key = 'demo_seed'`;
  return Boolean(row);
}

export async function seedDemoData(sql: Sql, data: DemoData): Promise<DemoSeedResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return sql.begin(async (tx) => {
    const serviceIds = new Map(
      (await tx<{ id: string; slug: string }[]>`select id, slug from services`).map((r) => [r.slug, r.id]),
    );

    const userIds = new Map<string, string>();
    for (const account of data.accounts) {
      const [user] = await tx<{ id: string }[]>`
        insert into users (email, password_hash, email_confirmed_at, full_name)
        values (${account.email}, ${passwordHash}, ${DEMO_NOW}, ${account.fullName})
        on conflict (email) do update set full_name = excluded.full_name
        returning id`;
      userIds.set(account.email, user!.id);
      await tx`
        insert into profiles (id, email, full_name) values (${user!.id}, ${account.email}, ${account.fullName})
        on conflict (id) do nothing`;
      if (account.role !== 'user') {
        await tx`insert into user_roles (user_id, role) values (${user!.id}, ${account.role}) on conflict do nothing`;
      }
    }
    // The demo homeowner proved a phone before: its requests with that number need no code.
    await tx`
      update users set proven_phone = ${DEMO_HOMEOWNER_PHONE.replace(/\D/g, '')}, phone_proven_at = ${DEMO_NOW}
       where email = ${DEMO_HOMEOWNER_EMAIL}`;
    const owners = new Map<number, string>();
    for (const account of data.accounts) {
      if (account.businessIndex !== undefined && account.businessIndex >= 0) {
        owners.set(account.businessIndex, userIds.get(account.email)!);
      }
    }

    const rows = data.businesses.map((b, i) => ({
      name: b.name,
      slug: b.slug,
      status: b.status,
      verified: b.verified,
      featured: b.featured,
      category: b.category,
      tagline: b.tagline,
      description: b.description,
      address: b.address,
      city: b.city,
      state: 'OH',
      zip_code: b.zipCode,
      phone: b.phone,
      email: b.email,
      website: b.website,
      latitude: b.latitude,
      longitude: b.longitude,
      years_in_business: b.yearsInBusiness,
      response_time_hours: b.responseTimeHours,
      avg_project_cost_min_cents: b.avgProjectCostMinCents,
      avg_project_cost_max_cents: b.avgProjectCostMaxCents,
      price_range: b.priceRange,
      specialties: b.specialties,
      service_areas: b.serviceAreaZips,
      business_hours: tx.json(b.businessHours),
      images: b.images,
      insurance_verified: b.insuranceVerified,
      license_number: b.licenseNumber,
      owner_id: owners.get(i) ?? null,
      payment_setup_completed: b.card !== null,
      stripe_customer_id: b.card ? `cus_demo_${i}` : null,
      created_at: b.createdAt,
    }));
    const ids: string[] = [];
    for (let start = 0; start < rows.length; start += 100) {
      const inserted = await tx<{ id: string }[]>`
        insert into businesses ${tx(rows.slice(start, start + 100))} returning id`;
      ids.push(...inserted.map((r) => r.id));
    }

    const links = data.businesses.flatMap((b, i) =>
      b.serviceSlugs.map((slug) => ({ business_id: ids[i]!, service_id: serviceIds.get(slug)! })),
    );
    await insertInChunks(tx, 'business_services', links);

    const reviews = data.businesses.flatMap((b, i) =>
      b.reviews.map((r) => ({
        business_id: ids[i]!,
        rating: r.rating,
        author_name: r.authorName,
        title: r.title,
        content: r.content,
        project_type: r.projectType,
        verified: r.verified,
        created_at: r.createdAt,
      })),
    );
    await insertInChunks(tx, 'reviews', reviews);

    const portfolio = data.businesses.flatMap((b, i) =>
      b.portfolio.map((p) => ({
        business_id: ids[i]!,
        title: p.title,
        description: p.description,
        image_url: p.imageUrl,
        project_type: p.projectType,
        is_before_after: p.isBeforeAfter,
        display_order: p.displayOrder,
        created_at: p.createdAt,
      })),
    );
    await insertInChunks(tx, 'portfolio_items', portfolio);

    const cards = data.businesses.flatMap((b, i) => (b.card ? [{ b, i, card: b.card }] : []));
    if (cards.length) {
      await tx`insert into sandbox_payment_methods ${tx(
        cards.map(({ i, card }) => ({
          id: `pm_demo_${i}`,
          customer_id: `cus_demo_${i}`,
          card_number: card.number,
          brand: card.brand,
          exp_month: card.expMonth,
          exp_year: card.expYear,
        })),
      )}`;
      await tx`insert into payment_methods ${tx(
        cards.map(({ i, card }) => ({
          business_id: ids[i]!,
          gateway_payment_method_id: `pm_demo_${i}`,
          brand: card.brand,
          last4: card.number.slice(-4),
          expiry_month: card.expMonth,
          expiry_year: card.expYear,
          is_default: true,
          status: 'active',
        })),
      )}`;
    }

    await tx`
      update businesses b set
        average_rating = r.avg_rating,
        total_reviews = r.n
      from (
        select business_id, round(avg(rating)::numeric, 1) as avg_rating, count(*)::int as n
        from reviews where verified and hidden_at is null group by business_id
      ) r
      where r.business_id = b.id`;

    const active = data.businesses.filter((b) => b.status === 'ACTIVE').length;
    const result: DemoSeedResult = {
      businesses: data.businesses.length,
      active,
      pending: data.businesses.length - active,
      reviews: reviews.length,
      accounts: data.accounts.length,
    };
    await refreshSearchLexicon(tx);
    await tx`
      insert into app_meta (key, value) values ('demo_seed', ${tx.json({ seed: DEMO_SEED, ...result })})
      on conflict (key) do update set value = excluded.value, updated_at = now()`;
    return result;
  });
}
