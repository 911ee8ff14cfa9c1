// What an admin sees before deciding (issue 24, Must 6), through the real endpoints and database:
// a pending registration comes with everything its applicant gave (business, services, owner,
// phone, e-mail, address, website, service ZIPs, years, licence number, insurance) and the
// admin's licence check, which can be recorded before approval (no publish request while it is
// not listed); a claim comes with the listing as it stands and what the claimant gave; and the
// Publish panel's state names each pending change (which business, review, page or article, and
// why), not only how many there are.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminContractorPage } from '../../src/schemas/admin.ts';
import type { PublishState } from '../../src/schemas/publish.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { pendingChanges } from '../../src/server/platform/publish/pending-changes.ts';
import { requestPublish } from '../../src/server/platform/publish/request-publish.ts';
import { createBusiness, createUser } from '../factories/index.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

type Endpoint = Partial<Record<'GET' | 'POST', APIRoute>>;
const routes: Record<string, Endpoint> = {};
let admin: SessionUser;

beforeAll(async () => {
  routes['list'] = await import('../../src/pages/api/admin/contractors/index.ts');
  routes['licence'] = await import('../../src/pages/api/admin/contractors/[id]/licence.ts');
  routes['publish'] = await import('../../src/pages/api/admin/publish.ts');
  admin = await signedInUser(sql, ['admin']);
});

async function list(kind: 'pending' | 'claims'): Promise<AdminContractorPage> {
  const response = await routes['list']!.GET!(
    apiContext({ method: 'GET', path: `/api/admin/contractors?list=${kind}`, user: admin }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as AdminContractorPage;
}

/** A registration as /contractor-signup leaves it, with every answer filled in. */
async function application() {
  const owner = await createUser(sql, { roles: ['contractor'] });
  await sql`update users set full_name = 'Riley Applicant' where id = ${owner.id}`;
  const business = await createBusiness(sql, {
    status: 'PENDING',
    verified: false,
    ownerId: owner.id,
    services: ['plumbing', 'hvac'],
    serviceAreas: ['45402', '45409', '45419'],
    yearsInBusiness: 12,
    phone: '9375550177',
  });
  await sql`
    update businesses set address = '12 Main St', website = 'https://riley-plumbing.example',
           license_number = 'PL.4455', insurance_verified = true, price_range = '$$'
     where id = ${business.id}`;
  return { owner, business };
}

describe('the approval view', () => {
  it('shows everything the applicant gave, and the licence check recorded before approval', async () => {
    const { owner, business } = await application();
    const shown = (await list('pending')).businesses.find((b) => b.id === business.id)!;
    expect(shown).toMatchObject({ status: 'PENDING', ownerEmail: owner.email, licence: null });
    expect(shown.application).toEqual({
      ownerName: 'Riley Applicant',
      phone: '9375550177',
      email: `${business.slug}@example.com`,
      address: '12 Main St',
      state: 'OH',
      zipCode: '45402',
      website: 'https://riley-plumbing.example',
      services: ['HVAC', 'Plumbing'],
      serviceZips: ['45402', '45409', '45419'],
      yearsInBusiness: 12,
      licenseNumber: 'PL.4455',
      insuranceVerified: true,
      responseTimeHours: 2,
      priceRange: '$$',
      hasCard: false,
    });

    const check = {
      number: 'PL.4455',
      board: 'Ohio Construction Industry Licensing Board',
      checkedOn: '2026-11-20',
      source: 'elicense.ohio.gov',
    };
    const saved = await routes['licence']!.POST!(
      apiContext({
        method: 'POST',
        path: `/api/admin/contractors/${business.id}/licence`,
        user: admin,
        params: { id: business.id },
        body: check,
      }),
    );
    expect(saved.status).toBe(200);
    const after = (await list('pending')).businesses.find((b) => b.id === business.id)!;
    expect(after.licence).toEqual(check);
    // Not listed yet: nothing for the site to publish until it is approved.
    const [requests] = await sql<{ n: number }[]>`
      select count(*)::int as n from publish_requests where entity_type = 'business' and entity_id = ${business.id}`;
    expect(requests!.n).toBe(0);
  });

  it('shows a claim with the listing as it stands and what the claimant gave', async () => {
    const listing = await createBusiness(sql, { ownerId: null, phone: '9375550188' });
    const claimant = await createUser(sql, { roles: ['contractor'] });
    const details = {
      ownerName: 'Pat Claimant',
      phone: '9375550199',
      services: ['plumbing'],
      serviceZipCodes: ['45402'],
    };
    await sql`
      insert into business_claims (business_id, claimant_id, details)
      values (${listing.id}, ${claimant.id}, ${sql.json(details)})`;
    const claim = (await list('claims')).claims.find((c) => c.businessId === listing.id)!;
    expect(claim).toMatchObject({
      claimantEmail: claimant.email,
      details,
      confirmation: null,
      listing: { phone: '9375550188', city: 'Dayton', zipCode: '45402', licence: null },
    });
  });
});

describe('the pending changes', () => {
  it('names each change (business, review, page, article) with its reason, once per reason and entity', async () => {
    // In a transaction rolled back at the end: a publish run of another test file cannot take
    // these requests meanwhile, and they never reach anyone's publish.
    await sql
      .begin(async (tx) => {
        const business = await createBusiness(tx as never, { name: `Named Roofing ${Date.now()}` });
        const [review] = await tx<{ id: string }[]>`
          insert into reviews (business_id, rating, author_name, content, verified)
          values (${business.id}, 5, 'Dana Reviewer', 'Great work.', true) returning id`;
        const [article] = await tx<{ id: string }[]>`
          insert into articles (title, slug, category, status, published_at, content)
          values ('Named Article', ${`named-${Date.now()}`}, 'Guides', 'published', now(), ${tx.json({ body: 'x' })})
          returning id`;
        const [service] = await tx<
          { id: string; name: string }[]
        >`select id, name from services where slug = 'plumbing'`;
        const [page] = await tx<{ id: string }[]>`
          insert into seo_pages (slug, service_id, city, state)
          values (${`plumbing-named-${Date.now()}-ohio`}, ${service!.id}, 'Kettering', 'OH') returning id`;
        const ask = (
          entityType: 'business' | 'review' | 'article' | 'seo_page',
          entityId: string,
          reason: string,
        ) => requestPublish(tx, { reason, entityType, entityId, requestedBy: admin.id });
        await ask('business', business.id, 'Profile updated by its owner');
        await ask('business', business.id, 'Profile updated by its owner');
        await ask('review', review!.id, 'New verified review');
        await ask('article', article!.id, 'Article edited');
        await ask('seo_page', page!.id, 'Related articles chosen');

        const changes = await pendingChanges(tx, 1000);
        const mine = (kind: string, reason: string) =>
          changes.find((c) => c.kind === kind && c.reason === reason);
        expect(mine('business', 'Profile updated by its owner')).toMatchObject({
          name: business.name,
          count: 2,
          requestedBy: admin.email,
          href: `/contractor/${business.slug}`,
        });
        expect(mine('review', 'New verified review')).toMatchObject({
          name: `Review by Dana Reviewer of ${business.name}`,
          count: 1,
        });
        expect(mine('article', 'Article edited')).toMatchObject({ name: 'Named Article' });
        expect(mine('seo_page', 'Related articles chosen')).toMatchObject({
          name: `${service!.name} in Kettering`,
        });
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  it("is part of the Publish panel's state, next to the count", async () => {
    const response = await routes['publish']!.GET!(
      apiContext({ method: 'GET', path: '/api/admin/publish', user: admin }),
    );
    const state = (await response.json()) as PublishState;
    expect(Array.isArray(state.changes)).toBe(true);
    expect(state.changes.reduce((n, c) => n + c.count, 0)).toBeLessThanOrEqual(state.pending);
  });
});

class Rollback extends Error {}
