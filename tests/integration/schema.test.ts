// The database keeps the invariants: enums, uniqueness where duplicates cost money, keys,
// and the search fields kept by triggers.
import { describe, expect, it } from 'vitest';
import { ZWebsite } from '../../src/schemas/business.ts';
import { createBusiness, createLead, createUser } from '../factories/index.ts';
import { WEBSITES } from '../helpers/websites.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

describe('CHECK constraints hold the spec enums', () => {
  it('rejects an unknown business status', async () => {
    const b = await createBusiness(sql);
    await expect(sql`update businesses set status = 'DELETED' where id = ${b.id}`).rejects.toThrow(
      /businesses_status/,
    );
  });

  it('rejects an unknown lead timeline, property type and contact method', async () => {
    const lead = await createLead(sql);
    await expect(sql`update leads set timeline = 'SOON' where id = ${lead.id}`).rejects.toThrow(
      /leads_timeline/,
    );
    await expect(sql`update leads set property_type = 'Castle' where id = ${lead.id}`).rejects.toThrow(
      /leads_property_type/,
    );
    await expect(
      sql`update leads set preferred_contact_method = 'fax' where id = ${lead.id}`,
    ).rejects.toThrow(/leads_contact_method/);
  });

  it('refuses a website that is not an http(s) address, whatever writes it', async () => {
    const b = await createBusiness(sql);
    await expect(
      sql`update businesses set website = 'javascript:alert(1)' where id = ${b.id}`,
    ).rejects.toThrow(/businesses_website_http_only/);
    await sql`update businesses set website = 'https://www.example.com' where id = ${b.id}`;
    await sql`update businesses set website = null where id = ${b.id}`;
  });

  it.each(WEBSITES)('agrees with the shared schema on the website %j', async (site) => {
    const b = await createBusiness(sql);
    const stored = await sql`update businesses set website = ${site} where id = ${b.id}`.then(
      () => true,
      (error: unknown) => {
        expect(String(error)).toMatch(/businesses_website_http_only/);
        return false;
      },
    );
    // The schema trims first; the database takes the value as written.
    expect(stored).toBe(ZWebsite.safeParse(site).success && site === site.trim());
  });

  it('rejects a lead score over 100 and a description under 10 characters', async () => {
    await expect(createLead(sql, { leadScore: 101 })).rejects.toThrow(/leads_score/);
    await expect(createLead(sql, { description: 'too short' })).rejects.toThrow(/leads_description_length/);
  });

  it('rejects an unknown analytics metric', async () => {
    const b = await createBusiness(sql);
    await expect(sql`insert into analytics (business_id, metric) values (${b.id}, 'LIKES')`).rejects.toThrow(
      /analytics_metric/,
    );
    await sql`insert into analytics (business_id, metric) values (${b.id}, 'PROFILE_VIEWS')`;
  });

  it('keeps e-mail addresses lowercase and unique', async () => {
    await expect(createUser(sql, { email: 'Mixed@Example.com' })).rejects.toThrow(/users_email_format/);
    const user = await createUser(sql);
    await expect(createUser(sql, { email: user.email })).rejects.toThrow(/users_email_key/);
  });

  it('accepts only the roles contractor and admin', async () => {
    const user = await createUser(sql);
    await expect(
      sql`insert into user_roles (user_id, role) values (${user.id}, 'superuser')`,
    ).rejects.toThrow(/user_roles_role/);
  });
});

describe('money-critical uniqueness', () => {
  it('allows one distribution per lead and business', async () => {
    const lead = await createLead(sql);
    const b = await createBusiness(sql);
    await sql`insert into lead_distributions (lead_id, business_id, rank) values (${lead.id}, ${b.id}, 1)`;
    await expect(
      sql`insert into lead_distributions (lead_id, business_id, rank) values (${lead.id}, ${b.id}, 2)`,
    ).rejects.toThrow(/lead_distributions_unique/);
  });

  it('allows one transaction per idempotency key', async () => {
    const b = await createBusiness(sql);
    const key = `dist_${crypto.randomUUID()}`;
    await sql`insert into payment_transactions (business_id, idempotency_key, payment_amount_cents) values (${b.id}, ${key}, 3000)`;
    await expect(
      sql`insert into payment_transactions (business_id, idempotency_key, payment_amount_cents) values (${b.id}, ${key}, 3000)`,
    ).rejects.toThrow(/idempotency_key/);
  });

  it('refuses a paid distribution without a charge time', async () => {
    const lead = await createLead(sql);
    const b = await createBusiness(sql);
    await expect(
      sql`insert into lead_distributions (lead_id, business_id, rank, payment_status) values (${lead.id}, ${b.id}, 1, 'paid')`,
    ).rejects.toThrow(/lead_distributions_paid_has_time/);
  });

  it('allows one default card per business', async () => {
    const b = await createBusiness(sql);
    const card = (id: string) =>
      sql`insert into payment_methods (business_id, gateway_payment_method_id, brand, last4, expiry_month, expiry_year, is_default)
          values (${b.id}, ${id}, 'visa', '4242', 12, 2030, true)`;
    await card(`pm_${crypto.randomUUID()}`);
    await expect(card(`pm_${crypto.randomUUID()}`)).rejects.toThrow(/payment_methods_one_default_idx/);
  });

  it('refuses a distribution for a lead that does not exist', async () => {
    const b = await createBusiness(sql);
    await expect(
      sql`insert into lead_distributions (lead_id, business_id, rank) values (${crypto.randomUUID()}, ${b.id}, 1)`,
    ).rejects.toThrow(/foreign key/);
  });
});

describe('search fields kept by triggers', () => {
  it('mirrors linked service names and indexes name, specialties and city', async () => {
    const b = await createBusiness(sql, {
      name: 'Gem City Rooter',
      specialties: ['Sewer Camera Inspection'],
      services: ['plumbing', 'drain-cleaning'],
    });
    const [row] = await sql<{ service_names: string[]; search_text: string }[]>`
      select service_names, search_text from businesses where id = ${b.id}`;
    expect(row!.service_names).toEqual(['Drain Cleaning', 'Plumbing']);
    expect(row!.search_text).toContain('sewer camera inspection');
    const found = await sql`
      select id from businesses where id = ${b.id} and search_vector @@ websearch_to_tsquery('english', 'rooter drains')`;
    expect(found).toHaveLength(1);

    await sql`delete from business_services where business_id = ${b.id} and service_id = (select id from services where slug = 'plumbing')`;
    const [after] = await sql<
      { service_names: string[] }[]
    >`select service_names from businesses where id = ${b.id}`;
    expect(after!.service_names).toEqual(['Drain Cleaning']);
  });

  it('finds a misspelt term by trigram similarity', async () => {
    const b = await createBusiness(sql, { name: 'Schneider Plumbing Works' });
    const rows = await sql`
      select id from businesses where id = ${b.id} and word_similarity('plumer', search_text) > 0.4`;
    expect(rows).toHaveLength(1);
  });
});

describe('row level security', () => {
  it('is on for every table, so no role but the owner sees a row (migration 1100)', async () => {
    const rows = await sql<{ table: string }[]>`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity order by 1`;
    expect(rows.map((r) => r.table)).toEqual([]);
  });
});
