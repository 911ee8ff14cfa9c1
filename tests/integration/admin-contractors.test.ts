// The admin contractors page through the real endpoints and database: a PENDING business approved
// (ACTIVE and verified, publish requested) or rejected with a reason mailed to the applicant,
// listing claims confirmed (the claimant owns the listing) or rejected with a reason mailed,
// feature/unfeature, suspend/reinstate (a suspended business is not matched for leads nor in the
// site data), a licence check recorded and in the site data; every write audited with its before
// and after values, and every API refusing everyone but admins.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminContractorPage } from '../../src/schemas/admin.ts';
import { listContractors } from '../../src/server/admin/list-contractors.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { matchContractors } from '../../src/server/leads/requests/match-contractors.ts';
import { readSiteData } from '../../src/server/site/pages/site-data.ts';
import { createBusiness, createUser, giveCard } from '../factories/index.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

type Method = 'GET' | 'POST';
type Endpoint = Partial<Record<Method, APIRoute>>;
const endpoints: Record<string, Endpoint> = {};

let admin: SessionUser;
let homeowner: SessionUser;
let contractor: SessionUser;

const sessionOf = (roles: ('contractor' | 'admin')[] = []) => signedInUser(sql, roles);

beforeAll(async () => {
  endpoints['list'] = await import('../../src/pages/api/admin/contractors/index.ts');
  endpoints['approve'] = await import('../../src/pages/api/admin/contractors/[id]/approve.ts');
  endpoints['reject'] = await import('../../src/pages/api/admin/contractors/[id]/reject.ts');
  endpoints['featured'] = await import('../../src/pages/api/admin/contractors/[id]/featured.ts');
  endpoints['status'] = await import('../../src/pages/api/admin/contractors/[id]/status.ts');
  endpoints['licence'] = await import('../../src/pages/api/admin/contractors/[id]/licence.ts');
  endpoints['claimApprove'] = await import('../../src/pages/api/admin/claims/[id]/approve.ts');
  endpoints['claimReject'] = await import('../../src/pages/api/admin/claims/[id]/reject.ts');
  admin = await sessionOf(['admin']);
  homeowner = await sessionOf();
  contractor = await sessionOf(['contractor']);
});

async function call(
  name: string,
  method: Method,
  user: SessionUser | null,
  options: { path?: string; params?: Record<string, string>; body?: unknown } = {},
): Promise<Response> {
  const context = apiContext({ ...options, method, path: options.path ?? '/api/admin/x', user });
  return endpoints[name]![method]!(context);
}

const post = (name: string, id: string, body: unknown, user: SessionUser | null = admin) =>
  call(name, 'POST', user, { params: { id }, body });

const auditOf = (id: string) =>
  sql<{ action: string; actor_user_id: string; before_values: unknown; after_values: unknown }[]>`
    select action, actor_user_id, before_values, after_values from audit_log
     where entity_type = 'business' and entity_id = ${id} order by id`;
const businessOf = async (id: string) =>
  (
    await sql<{ status: string; verified: boolean; featured: boolean; owner_id: string | null }[]>`
      select status, verified, featured, owner_id from businesses where id = ${id}`
  )[0]!;
const publishRequestsOf = async (id: string) =>
  (
    await sql<{ n: number }[]>`
      select count(*)::int as n from publish_requests where entity_type = 'business' and entity_id = ${id}`
  )[0]!.n;
const mailsTo = (to: string) =>
  sql<{ subject: string; text_body: string; template: string }[]>`
    select subject, text_body, template from mail_outbox where to_address = ${to} order by id`;

async function pendingBusiness() {
  const owner = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { status: 'PENDING', verified: false, ownerId: owner.id });
  return { owner, business };
}

async function pendingClaim() {
  const listing = await createBusiness(sql, { ownerId: null });
  const claimant = await createUser(sql, { roles: ['contractor'] });
  const [claim] = await sql<{ id: string }[]>`
    insert into business_claims (business_id, claimant_id, details)
    values (${listing.id}, ${claimant.id}, ${sql.json({ ownerName: 'Pat Owner' })}) returning id`;
  return { listing, claimant, claimId: claim!.id };
}

const NOBODY = '00000000-0000-4000-8000-000000000099';

describe('contractor admin APIs refuse everyone but admins', () => {
  const cases: [string, Method, { path?: string; params?: Record<string, string>; body?: unknown }][] = [
    ['list', 'GET', { path: '/api/admin/contractors?list=pending' }],
    ['approve', 'POST', { params: { id: NOBODY }, body: {} }],
    ['reject', 'POST', { params: { id: NOBODY }, body: { reason: 'No licence' } }],
    ['featured', 'POST', { params: { id: NOBODY }, body: { featured: true } }],
    ['status', 'POST', { params: { id: NOBODY }, body: { suspended: true } }],
    [
      'licence',
      'POST',
      { params: { id: NOBODY }, body: { number: '1', board: 'OCILB', checkedOn: '2026-11-20', source: 'x' } },
    ],
    ['claimApprove', 'POST', { params: { id: NOBODY }, body: {} }],
    ['claimReject', 'POST', { params: { id: NOBODY }, body: { reason: 'Not the owner' } }],
  ];
  for (const [name, method, options] of cases) {
    it(`${method} ${name}: 401 signed out, 403 for a homeowner and a contractor, 404/200 for an admin`, async () => {
      expect((await call(name, method, null, options)).status).toBe(401);
      expect((await call(name, method, homeowner, options)).status).toBe(403);
      expect((await call(name, method, contractor, options)).status).toBe(403);
      expect((await call(name, method, admin, options)).status).toBe(method === 'GET' ? 200 : 404);
    });
  }

  it('a contractor cannot approve a pending business: nothing changes, nothing is audited', async () => {
    const { business } = await pendingBusiness();
    expect((await post('approve', business.id, {}, contractor)).status).toBe(403);
    expect(await businessOf(business.id)).toMatchObject({ status: 'PENDING', verified: false });
    expect(await auditOf(business.id)).toEqual([]);
    expect(await publishRequestsOf(business.id)).toBe(0);
  });
});

describe('the pending queue', () => {
  it('lists PENDING businesses newest first, paged by keyset', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) {
      const { business } = await pendingBusiness();
      await sql`update businesses set created_at = now() + ${`${i + 1000} seconds`}::interval where id = ${business.id}`;
      made.push(business.id);
    }
    const first = await listContractors(sql, { list: 'pending' }, 2);
    expect(first.businesses.map((b) => b.id)).toEqual([made[2], made[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listContractors(sql, { list: 'pending', cursor: first.nextCursor! }, 2);
    expect(second.businesses[0]!.id).toBe(made[0]);
    expect(second.businesses.every((b) => b.status === 'PENDING')).toBe(true);
  });

  it('pages through businesses created within one millisecond without skipping any (the cursor keeps microseconds)', async () => {
    const made: string[] = [];
    for (const micros of ['000100', '000200', '000300']) {
      const { business } = await pendingBusiness();
      // Newer than every other row of this file, all three in the same millisecond.
      await sql`update businesses set created_at = ${`2200-01-01 00:00:00.${micros}+00`}::text::timestamptz where id = ${business.id}`;
      made.unshift(business.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await listContractors(sql, { list: 'pending', ...(cursor ? { cursor } : {}) }, 1);
      seen.push(...page.businesses.map((b) => b.id));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(made);
  });

  it('approves: ACTIVE and verified, the owner mailed, audited with before and after, a publish requested', async () => {
    const { owner, business } = await pendingBusiness();
    const response = await post('approve', business.id, {});
    expect(response.status).toBe(200);
    expect(((await response.json()) as { business: { status: string } }).business.status).toBe('ACTIVE');
    expect(await businessOf(business.id)).toMatchObject({ status: 'ACTIVE', verified: true });
    expect(await auditOf(business.id)).toEqual([
      {
        action: 'business.approve',
        actor_user_id: admin.id,
        before_values: { name: business.name, status: 'PENDING', verified: false },
        after_values: { name: business.name, status: 'ACTIVE', verified: true },
      },
    ]);
    expect(await publishRequestsOf(business.id)).toBe(1);
    // An approval publishes without an admin's Publish (on Netlify, through the scheduled function).
    expect(await sql`select automatic from publish_requests where entity_id = ${business.id}`).toEqual([
      { automatic: true },
    ]);
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.template)).toEqual(['business_approved']);
    expect(mails[0]!.text_body).toContain(business.name);
    // Approved once: a second approval is refused and changes nothing more.
    expect((await post('approve', business.id, {})).status).toBe(409);
    expect(await auditOf(business.id)).toHaveLength(1);
  });

  it('rejects with a required reason, mailed to the applicant in the same transaction, audited', async () => {
    const { owner, business } = await pendingBusiness();
    expect((await post('reject', business.id, { reason: '   ' })).status).toBe(400);
    expect((await post('reject', business.id, { reason: 'x'.repeat(1001) })).status).toBe(400);
    expect(await mailsTo(owner.email)).toEqual([]);
    const reason = 'We could not confirm your Ohio contractor licence.';
    expect((await post('reject', business.id, { reason })).status).toBe(200);
    expect((await businessOf(business.id)).status).toBe('REJECTED');
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('business_rejected');
    expect(mails[0]!.text_body).toContain(reason);
    expect(mails[0]!.text_body).toContain(business.name);
    expect(await auditOf(business.id)).toEqual([
      {
        action: 'business.reject',
        actor_user_id: admin.id,
        before_values: { name: business.name, status: 'PENDING' },
        after_values: { name: business.name, status: 'REJECTED', reason, mailedTo: owner.email },
      },
    ]);
    const queue = await listContractors(sql, { list: 'pending' }, 1000);
    expect(queue.businesses.map((b) => b.id)).not.toContain(business.id);
  });
});

describe('listing claims', () => {
  it('pages through claims made within one millisecond without skipping any', async () => {
    const made: string[] = [];
    for (const micros of ['000100', '000200', '000300']) {
      const { claimId } = await pendingClaim();
      await sql`update business_claims set created_at = ${`2200-01-01 00:00:00.${micros}+00`}::text::timestamptz where id = ${claimId}`;
      made.unshift(claimId);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await listContractors(sql, { list: 'claims', ...(cursor ? { cursor } : {}) }, 1);
      seen.push(...page.claims.map((c) => c.id));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(made);
  });

  it('lists pending claims and approves one through approveClaim, audited', async () => {
    const { listing, claimant, claimId } = await pendingClaim();
    const list = await call('list', 'GET', admin, { path: '/api/admin/contractors?list=claims' });
    const page = (await list.json()) as AdminContractorPage;
    expect(page.claims.find((c) => c.id === claimId)).toMatchObject({
      businessId: listing.id,
      claimantEmail: claimant.email,
    });
    // Nobody confirmed this claim by a code: approved only when the admin says so on purpose
    // (issue 23; claim-history.test.ts covers the proof and what the listing keeps).
    expect((await post('claimApprove', claimId, {})).status).toBe(409);
    expect((await post('claimApprove', claimId, { unconfirmed: true })).status).toBe(200);
    expect((await businessOf(listing.id)).owner_id).toBe(claimant.id);
    expect(await auditOf(listing.id)).toEqual([
      {
        action: 'business_claim.approve_unconfirmed',
        actor_user_id: admin.id,
        before_values: {
          claimId,
          claimantId: claimant.id,
          status: 'pending',
          ownerId: null,
          ownerSince: null,
          gatewayCustomerId: null,
        },
        after_values: {
          claimId,
          claimantId: claimant.id,
          status: 'approved',
          ownerId: claimant.id,
          ownerSince: expect.any(String) as string,
          confirmation: null,
          cardsRemoved: 0,
          plansEnded: [],
          gatewayCustomerId: null,
        },
      },
    ]);
    expect(await mailsTo(claimant.email)).toMatchObject([{ template: 'business_claim_approved' }]);
    expect((await post('claimApprove', claimId, { unconfirmed: true })).status).toBe(409);
  });

  it('rejects a claim with a reason mailed to the claimant; the listing keeps no owner', async () => {
    const { listing, claimant, claimId } = await pendingClaim();
    const reason = 'The phone number on the listing did not confirm your claim.';
    expect((await post('claimReject', claimId, { reason: '' })).status).toBe(400);
    expect((await post('claimReject', claimId, { reason })).status).toBe(200);
    expect((await businessOf(listing.id)).owner_id).toBeNull();
    const [claim] = await sql`select status, decision_reason from business_claims where id = ${claimId}`;
    expect(claim).toEqual({ status: 'rejected', decision_reason: reason });
    const mails = await mailsTo(claimant.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(reason);
    expect(await auditOf(listing.id)).toEqual([
      {
        action: 'business_claim.reject',
        actor_user_id: admin.id,
        before_values: { claimId, claimant: claimant.email, status: 'pending' },
        after_values: { claimId, claimant: claimant.email, status: 'rejected', reason },
      },
    ]);
  });
});

describe('listed businesses', () => {
  it('features and unfeatures an ACTIVE business, audited, each requesting a publish', async () => {
    const business = await createBusiness(sql);
    expect((await post('featured', business.id, { featured: true })).status).toBe(200);
    expect((await businessOf(business.id)).featured).toBe(true);
    expect((await post('featured', business.id, { featured: false })).status).toBe(200);
    expect((await businessOf(business.id)).featured).toBe(false);
    expect(await auditOf(business.id)).toEqual([
      {
        action: 'business.feature',
        actor_user_id: admin.id,
        before_values: { name: business.name, featured: false },
        after_values: { name: business.name, featured: true },
      },
      {
        action: 'business.unfeature',
        actor_user_id: admin.id,
        before_values: { name: business.name, featured: true },
        after_values: { name: business.name, featured: false },
      },
    ]);
    expect(await publishRequestsOf(business.id)).toBe(2);
    const { business: pending } = await pendingBusiness();
    expect((await post('featured', pending.id, { featured: true })).status).toBe(409);
  });

  it('a suspended business is not matched for leads nor in the site data; reinstated it is again', async () => {
    const business = await createBusiness(sql, { services: ['plumbing'] });
    await giveCard(sql, business.id);
    const [svc] = await sql<{ id: string }[]>`select id from services where slug = 'plumbing'`;
    const lead = { service_id: svc!.id, zip_code: '45402', latitude: 39.7589, longitude: -84.1916 };
    const matched = async () => (await matchContractors(sql, lead)).some((c) => c.id === business.id);
    const listed = async () => (await readSiteData(sql)).businesses.some((b) => b.id === business.id);
    expect(await matched()).toBe(true);

    expect((await post('status', business.id, { suspended: true })).status).toBe(200);
    expect((await businessOf(business.id)).status).toBe('SUSPENDED');
    expect(await matched()).toBe(false);
    expect(await listed()).toBe(false);
    const page = await listContractors(sql, { list: 'listed', q: business.name }, 25);
    expect(page.businesses.map((b) => [b.id, b.status])).toEqual([[business.id, 'SUSPENDED']]);

    expect((await post('status', business.id, { suspended: false })).status).toBe(200);
    expect(await matched()).toBe(true);
    expect(await listed()).toBe(true);
    expect(await auditOf(business.id)).toEqual([
      {
        action: 'business.suspend',
        actor_user_id: admin.id,
        before_values: { name: business.name, status: 'ACTIVE' },
        after_values: { name: business.name, status: 'SUSPENDED' },
      },
      {
        action: 'business.reinstate',
        actor_user_id: admin.id,
        before_values: { name: business.name, status: 'SUSPENDED' },
        after_values: { name: business.name, status: 'ACTIVE' },
      },
    ]);
    expect(await publishRequestsOf(business.id)).toBe(2);
    const { business: pending } = await pendingBusiness();
    expect((await post('status', pending.id, { suspended: true })).status).toBe(409);
  });

  it('records a licence check (number, board, day, source), audited, in the site data', async () => {
    const business = await createBusiness(sql);
    const first = {
      number: 'PL.12345',
      board: 'Ohio Construction Industry Licensing Board',
      checkedOn: '2026-11-20',
      source: 'https://elicense.ohio.gov lookup',
    };
    expect((await post('licence', business.id, { ...first, checkedOn: '20-11-2026' })).status).toBe(400);
    expect((await post('licence', business.id, first)).status).toBe(200);
    const second = { ...first, checkedOn: '2026-11-22', source: 'Phone call to the board' };
    expect((await post('licence', business.id, second)).status).toBe(200);
    const site = (await readSiteData(sql)).businesses.find((b) => b.id === business.id)!;
    expect(site.licenceCheck).toEqual({ number: first.number, board: first.board, checkedOn: '2026-11-22' });
    expect(await auditOf(business.id)).toEqual([
      {
        action: 'business.licence.verify',
        actor_user_id: admin.id,
        before_values: { name: business.name, licence: null },
        after_values: { name: business.name, licence: first },
      },
      {
        action: 'business.licence.verify',
        actor_user_id: admin.id,
        before_values: { name: business.name, licence: first },
        after_values: { name: business.name, licence: second },
      },
    ]);
    expect(await publishRequestsOf(business.id)).toBe(2);
  });
});
