// The admin fraud queue (issue 23, Must 3) against the real database, through its endpoints: held
// requests (oldest first) and reported ones (newest first) with the signals behind each (shared
// phone, e-mail domain, street address, network, device, near-duplicate text); Release sells a
// held request through the pipeline; Block refuses a held one, or refunds every buyer of a sold one
// ('fraud', once each through the gateway), and blocks its phone, e-mail and device; blocked
// details are listed and released. Every decision audited; bad input changes nothing.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { textSketch } from '../../src/domain/integrity-rules.ts';
import type { BlockedIdentity, FraudDecision, FraudQueuePage } from '../../src/schemas/admin-fraud.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { listFraudQueue } from '../../src/server/leads/fraud/list-fraud-queue.ts';
import { seedDemoFraud } from '../../scripts/lib/seed-demo-fraud.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { createBusiness, createLead, giveCard } from '../factories/index.ts';
import { signedInUser } from '../helpers/api-context.ts';
import {
  buyer,
  buyersOf,
  callRoute,
  freshPhone,
  savedSandboxCard,
  sellLead,
  type Buyer,
} from '../helpers/sold-leads.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const sandbox = createSandboxGateway(sql);

type Endpoint = 'list' | 'block' | 'release' | 'releaseBlock' | 'credit';
let routes: Record<Endpoint, APIRoute>;
let admin: SessionUser;

beforeAll(async () => {
  routes = {
    list: (await import('../../src/pages/api/admin/fraud/index.ts')).GET,
    block: (await import('../../src/pages/api/admin/fraud/leads/[id]/block.ts')).POST,
    release: (await import('../../src/pages/api/admin/fraud/leads/[id]/release.ts')).POST,
    releaseBlock: (await import('../../src/pages/api/admin/fraud/blocks/[id]/release.ts')).POST,
    credit: (await import('../../src/pages/api/contractor/leads/[id]/credit.ts')).POST,
  };
  admin = await signedInUser(sql, ['admin']);
});

const PATHS: Record<Exclude<Endpoint, 'list' | 'credit'>, (id: string) => string> = {
  block: (id) => `/api/admin/fraud/leads/${id}/block`,
  release: (id) => `/api/admin/fraud/leads/${id}/release`,
  releaseBlock: (id) => `/api/admin/fraud/blocks/${id}/release`,
};

function post(endpoint: keyof typeof PATHS, id: string, body: unknown = {}, user: SessionUser = admin) {
  return callRoute(routes[endpoint], {
    method: 'POST',
    path: PATHS[endpoint](id),
    user,
    params: { id },
    body,
  });
}

async function decided(
  endpoint: 'block' | 'release',
  id: string,
  body: unknown = {},
): Promise<FraudDecision> {
  const answer = await post(endpoint, id, body);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as FraudDecision;
}

async function list(query: string): Promise<FraudQueuePage> {
  const answer = await callRoute(routes.list, {
    method: 'GET',
    path: `/api/admin/fraud?${query}`,
    user: admin,
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as FraudQueuePage;
}

/** A request as the submission leaves it, with every signal column set; `hoursAgo` old. */
async function request(
  fields: {
    phone: string;
    email: string;
    addressKey: string;
    prefix: string;
    device: string;
    description: string;
    qualification?: string;
    service?: string;
  },
  hoursAgo = 1,
): Promise<string> {
  const lead = await createLead(sql, {
    email: fields.email,
    description: fields.description,
    ...(fields.service ? { service: fields.service } : {}),
  });
  const domain = fields.email.split('@')[1]!;
  await sql`
    update leads set phone = ${fields.phone}, email_key = ${fields.email}, email_domain = ${domain},
           address_key = ${fields.addressKey}, client_prefix = ${fields.prefix}, device_hash = ${fields.device},
           text_sketch = ${textSketch(fields.description)}, qualification = ${fields.qualification ?? 'qualified'},
           hold_reason = ${fields.qualification === 'held' ? `A third address at ${domain} within 24 hours.` : null},
           phone_verified_at = now(), created_at = now() - make_interval(mins => ${Math.round(hoursAgo * 60)})
     where id = ${lead.id}`;
  return lead.id;
}

/** Three requests from one catch-all domain, one phone, one street, one network and one browser,
 * with nearly the same words; the last is held. */
async function ring(service?: string) {
  const tag = randomUUID().slice(0, 8);
  const domain = `ring-${tag}.com`;
  const shared = {
    phone: freshPhone(),
    addressKey: `12 elm st ${tag}|45402`,
    prefix: `198.51.${Math.floor(Math.random() * 250)}.0/24`,
    device: `device-${tag}`,
    ...(service ? { service } : {}),
  };
  const words = `Our basement floods after every storm ${tag} and the sump pump runs all night long`;
  const earlier = [
    await request({ ...shared, email: `ann@${domain}`, description: `${words}, please help.` }, 5),
    await request({ ...shared, email: `bob@${domain}`, description: `${words}, please help soon.` }, 3),
  ];
  const held = await request(
    { ...shared, email: `cat@${domain}`, description: `${words}, please help us.`, qualification: 'held' },
    1,
  );
  return { held, earlier, domain, ...shared };
}

const audit = (leadId: string) =>
  sql<{ action: string; actor_user_id: string }[]>`
    select action, actor_user_id from audit_log where entity_id = ${leadId} order by id`;

const activeBlocks = (leadId: string) =>
  sql<{ kind: string; blocked_by: string | null }[]>`
    select kind, blocked_by from blocked_identities where lead_id = ${leadId} and released_at is null order by kind`;

describe('held requests', () => {
  it('are listed with the signals behind them', async () => {
    const r = await ring();
    const page = await listFraudQueue(sql, { list: 'held' }, 500);
    const lead = page.leads.find((l) => l.id === r.held)!;
    expect(lead).toMatchObject({
      qualification: 'held',
      holdReason: `A third address at ${r.domain} within 24 hours.`,
      reports: [],
      buyers: { paid: 0, refunded: 0 },
    });
    const byKind = Object.fromEntries(lead.signals.map((s) => [s.kind, s]));
    expect(Object.keys(byKind).sort()).toEqual(['address', 'device', 'domain', 'phone', 'prefix', 'text']);
    expect(byKind['phone']).toMatchObject({ count: 2, text: `2 other requests in 30 days from ${r.phone}.` });
    expect(byKind['domain']).toMatchObject({
      count: 3,
      text: `3 different addresses at ${r.domain} (not a free-mail provider) within 24 hours.`,
    });
    expect(byKind['address']!.count).toBe(2);
    expect(byKind['prefix']!.count).toBe(2);
    expect(byKind['device']!.count).toBe(2);
    expect(byKind['text']!.count).toBe(2);
    expect(byKind['phone']!.others.map((o) => o.id)).toEqual([r.earlier[1], r.earlier[0]]);
  });

  it('a lone request shows no signal; a free-mail domain is no signal', async () => {
    const tag = randomUUID().slice(0, 8);
    const id = await request({
      phone: freshPhone(),
      email: `lone-${tag}@gmail.com`,
      addressKey: `lone ${tag}|45402`,
      prefix: `203.0.113.${tag.slice(0, 2)}/24`,
      device: `device-${tag}`,
      description: `A single request ${tag} about a gutter that overflows onto the porch steps`,
      qualification: 'held',
    });
    const page = await listFraudQueue(sql, { list: 'held' }, 500);
    expect(page.leads.find((l) => l.id === id)!.signals).toEqual([]);
  });

  it('are paged oldest first by keyset', async () => {
    const ids = [(await ring()).held, (await ring()).held];
    await sql`update leads set created_at = '2001-01-01T00:00:00Z'::timestamptz + make_interval(mins => ${1}) where id = ${ids[0]!}`;
    await sql`update leads set created_at = '2001-01-01T00:00:00Z'::timestamptz + make_interval(mins => ${2}) where id = ${ids[1]!}`;
    const first = await listFraudQueue(sql, { list: 'held' }, 1);
    expect(first.leads.map((l) => l.id)).toEqual([ids[0]]);
    const second = await listFraudQueue(sql, { list: 'held', cursor: first.nextCursor! }, 1);
    expect(second.leads.map((l) => l.id)).toEqual([ids[1]]);
    expect(
      (
        await callRoute(routes.list, {
          method: 'GET',
          path: '/api/admin/fraud?list=held&cursor=bad',
          user: admin,
        })
      ).status,
    ).toBe(400);
  });

  it('Release sells a held request through the pipeline, once, audited', async () => {
    const owner = await signedInUser(sql, ['contractor']);
    const business = await createBusiness(sql, { ownerId: owner.id, services: ['pressure-washing'] });
    await giveCard(sql, business.id);
    const r = await ring('pressure-washing');
    const decision = await decided('release', r.held);
    expect(decision.sold).toBeGreaterThanOrEqual(1);
    expect(decision.lead).toMatchObject({ qualification: 'qualified', review: { decision: 'released' } });
    const [sale] = await sql`
      select d.payment_status, l.confirmed_at is not null as confirmed from lead_distributions d
        join leads l on l.id = d.lead_id where d.lead_id = ${r.held} and d.business_id = ${business.id}`;
    expect(sale).toEqual({ payment_status: 'paid', confirmed: true });
    // Again (a double click): nothing more is sold or audited.
    expect((await decided('release', r.held)).lead.buyers.paid).toBe(decision.lead.buyers.paid);
    expect(await audit(r.held)).toEqual([{ action: 'lead.fraud.release', actor_user_id: admin.id }]);
    expect((await listFraudQueue(sql, { list: 'held' }, 500)).leads.map((l) => l.id)).not.toContain(r.held);
  });

  it('Block refuses a held request and blocks its phone, e-mail and device, audited', async () => {
    const r = await ring();
    const decision = await decided('block', r.held, { reason: 'One catch-all mailbox, one phone.' });
    expect(decision).toMatchObject({ refunded: 0, sold: null });
    expect(decision.lead).toMatchObject({
      qualification: 'blocked',
      holdReason: 'One catch-all mailbox, one phone.',
      review: { decision: 'blocked' },
    });
    expect(decision.lead.blocks.map((b) => b.kind)).toEqual(['device', 'email', 'phone']);
    expect(await activeBlocks(r.held)).toEqual([
      { kind: 'device', blocked_by: admin.id },
      { kind: 'email', blocked_by: admin.id },
      { kind: 'phone', blocked_by: admin.id },
    ]);
    const [row] = await sql`select count(*)::int as n from lead_distributions where lead_id = ${r.held}`;
    expect(row!['n']).toBe(0);
    await decided('block', r.held, { reason: 'Again.' });
    expect(await audit(r.held)).toEqual([{ action: 'lead.fraud.block', actor_user_id: admin.id }]);
    // Refused now: releasing a blocked request sells nothing.
    const release = await post('release', r.held);
    expect(release.status).toBe(409);
    expect(((await release.json()) as { error: string }).error).toBe('This request is no longer held.');
  });
});

describe('reported requests', () => {
  async function reportedLead() {
    const buyers: Buyer[] = [await buyer(sql), await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, () => savedSandboxCard(sql), buyers);
    const report = await callRoute(routes.credit, {
      method: 'POST',
      path: `/api/contractor/leads/${lead.sales[0]!.distributionId}/credit`,
      user: buyers[0]!.user,
      params: { id: lead.sales[0]!.distributionId },
      body: { reason: 'fake' },
    });
    expect(report.status).toBe(200);
    return lead;
  }

  it('are listed newest first with their reports', async () => {
    const lead = await reportedLead();
    const page = await listFraudQueue(sql, { list: 'reported' }, 500);
    const found = page.leads.find((l) => l.id === lead.leadId)!;
    expect(found.reports).toEqual([expect.objectContaining({ reason: 'fake', status: 'open' })]);
    expect(found.buyers).toEqual({ paid: 3, refunded: 0 });
    const times = page.leads.map((l) => l.reportedAt!);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list('list=reported')).leads.length).toBeGreaterThan(0);
  });

  it('Block refunds every buyer once with the reason fraud, blocks the contact details, audited', async () => {
    const lead = await reportedLead();
    const decision = await decided('block', lead.leadId, { reason: 'The homeowner does not exist.' });
    expect(decision.refunded).toBe(3);
    expect(decision.lead.buyers).toEqual({ paid: 3, refunded: 3 });
    const rows = await buyersOf(sql, lead.leadId);
    expect(rows.map((r) => [r.distribution, r.transaction, r.reason, r.status, r.credits, r.mails])).toEqual([
      ['refunded', 'refunded', 'fake', 'refunded', 1, 1],
      ['refunded', 'refunded', 'fraud', 'refunded', 1, 1],
      ['refunded', 'refunded', 'fraud', 'refunded', 1, 1],
    ]);
    const refunds = await sql`
      select count(*)::int as n from sandbox_refunds where payment_intent_id = any(${lead.sales.map((s) => s.intentId)})`;
    expect(refunds[0]!['n']).toBe(3);
    expect((await activeBlocks(lead.leadId)).map((b) => b.kind)).toEqual(['device', 'email', 'phone']);
    // Blocked again, and a second buyer's report afterwards: nothing more.
    await decided('block', lead.leadId, { reason: 'Again.' });
    expect(await audit(lead.leadId)).toEqual([{ action: 'lead.fraud.block', actor_user_id: admin.id }]);
    const again = await sql`
      select count(*)::int as n from sandbox_refunds where payment_intent_id = any(${lead.sales.map((s) => s.intentId)})`;
    expect(again[0]!['n']).toBe(3);
  });

  it("a block and a buyer's report at once refund each buyer once", async () => {
    const buyers: Buyer[] = [await buyer(sql), await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, () => savedSandboxCard(sql), buyers);
    const report = (i: number) =>
      callRoute(routes.credit, {
        method: 'POST',
        path: `/api/contractor/leads/${lead.sales[i]!.distributionId}/credit`,
        user: buyers[i]!.user,
        params: { id: lead.sales[i]!.distributionId },
        body: { reason: 'fake' },
      });
    expect((await report(0)).status).toBe(200);
    const answers = await Promise.all([
      post('block', lead.leadId, { reason: 'Fake.' }),
      report(1),
      report(2),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = await buyersOf(sql, lead.leadId);
    expect(rows.map((r) => [r.distribution, r.status, r.credits, r.mails])).toEqual([
      ['refunded', 'refunded', 1, 1],
      ['refunded', 'refunded', 1, 1],
      ['refunded', 'refunded', 1, 1],
    ]);
    const refunds = await sql`
      select count(*)::int as n from sandbox_refunds where payment_intent_id = any(${lead.sales.map((s) => s.intentId)})`;
    expect(refunds[0]!['n']).toBe(3);
  });

  it('Release lifts the blocks two reports made; the refunds stay', async () => {
    const buyers: Buyer[] = [await buyer(sql), await buyer(sql)];
    const lead = await sellLead(sql, sandbox, () => savedSandboxCard(sql), buyers);
    for (const [i, who] of buyers.entries()) {
      const id = lead.sales[i]!.distributionId;
      await callRoute(routes.credit, {
        method: 'POST',
        path: `/api/contractor/leads/${id}/credit`,
        user: who.user,
        params: { id },
        body: { reason: 'fake' },
      });
    }
    expect(await activeBlocks(lead.leadId)).toHaveLength(3);
    const decision = await decided('release', lead.leadId);
    expect(decision.lead).toMatchObject({
      blocks: [],
      review: { decision: 'released' },
      buyers: { refunded: 2 },
    });
    expect(await activeBlocks(lead.leadId)).toEqual([]);
    expect(await audit(lead.leadId)).toEqual([{ action: 'lead.fraud.release', actor_user_id: admin.id }]);
  });
});

describe('blocked contact details', () => {
  it('are listed newest first and released once, audited', async () => {
    const r = await ring();
    await decided('block', r.held, { reason: 'Catch-all domain.' });
    const page = await list('list=blocked');
    const phone = page.blocks.find((b) => b.leadId === r.held && b.kind === 'phone')!;
    expect(phone).toMatchObject({
      value: r.phone,
      reason: 'Catch-all domain.',
      blockedBy: admin.email,
      releasedAt: null,
    });
    const answer = await post('releaseBlock', phone.id);
    expect(answer.status).toBe(200);
    const { block } = (await answer.json()) as { block: BlockedIdentity };
    expect(block.releasedAt).not.toBeNull();
    expect((await post('releaseBlock', phone.id)).status).toBe(200);
    const [rows] = await sql`
      select count(*)::int as n from audit_log where entity_id = ${phone.id} and action = 'blocked_identity.release'`;
    expect(rows!['n']).toBe(1);
    expect((await list('list=blocked')).blocks.map((b) => b.id)).not.toContain(phone.id);
  });
});

describe('bad input changes nothing', () => {
  const state = (leadId: string) =>
    sql`select qualification, fraud_review, (select count(*)::int from blocked_identities where lead_id = ${leadId}) as blocks,
               (select count(*)::int from audit_log where entity_id = ${leadId}) as audits
          from leads where id = ${leadId}`;

  it.each([
    ['no reason', {}, 400],
    ['a blank reason', { reason: '   ' }, 400],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }, 400],
  ])('a block with %s is refused', async (_, body, status) => {
    const r = await ring();
    const before = await state(r.held);
    const answer = await post('block', r.held, body);
    expect(answer.status).toBe(status);
    expect(((await answer.json()) as { fields?: object }).fields).toHaveProperty('reason');
    expect(await state(r.held)).toEqual(before);
  });

  it('a request in neither list is refused (409); an unknown one is not found (404)', async () => {
    const r = await ring();
    const quiet = r.earlier[0]!;
    const before = await state(quiet);
    for (const endpoint of ['block', 'release'] as const) {
      const answer = await post(endpoint, quiet, endpoint === 'block' ? { reason: 'Why not.' } : {});
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { error: string }).error).toBe(
        'Only a held or reported request can be blocked or released here.',
      );
      expect((await post(endpoint, randomUUID(), { reason: 'x' })).status).toBe(404);
      expect((await post(endpoint, 'not-an-id', { reason: 'x' })).status).toBe(404);
    }
    expect((await post('releaseBlock', randomUUID())).status).toBe(404);
    expect(await state(quiet)).toEqual(before);
  });

  it('is for admins only', async () => {
    const r = await ring();
    const contractor = await signedInUser(sql, ['contractor']);
    expect((await post('block', r.held, { reason: 'x' }, contractor)).status).toBe(403);
    expect((await post('release', r.held, {}, contractor)).status).toBe(403);
    const listAnswer = await callRoute(routes.list, {
      method: 'GET',
      path: '/api/admin/fraud?list=held',
      user: null,
    });
    expect(listAnswer.status).toBe(401);
    const [row] = await sql`select qualification from leads where id = ${r.held}`;
    expect(row).toEqual({ qualification: 'held' });
  });
});

describe('the demo data', () => {
  it('holds a request with every signal, reports one and credits an unanswered lead, once', async () => {
    const owner = await signedInUser(sql, ['contractor']);
    const business = await createBusiness(sql, { ownerId: owner.id });
    await giveCard(sql, business.id);
    expect(await seedDemoFraud(sql, owner.email)).toEqual({ held: 1, reported: 1, unanswered: 1 });
    expect(await seedDemoFraud(sql, owner.email)).toEqual({ held: 0, reported: 0, unanswered: 0 });
    const held = (await listFraudQueue(sql, { list: 'held' }, 500)).leads.find(
      (l) => l.name === 'Sam Owens',
    )!;
    expect(held.signals.map((s) => s.kind).sort()).toEqual([
      'address',
      'device',
      'domain',
      'phone',
      'prefix',
      'text',
    ]);
    const reported = (await listFraudQueue(sql, { list: 'reported' }, 500)).leads.find(
      (l) => l.name === 'Jamie Owens',
    )!;
    expect(reported.reports).toEqual([expect.objectContaining({ reason: 'fake', status: 'open' })]);
    expect(reported.signals.map((s) => s.kind)).toEqual(
      expect.arrayContaining(['phone', 'device', 'prefix']),
    );
    const credits = await sql`
      select c.reason, c.status from lead_credits c where c.business_id = ${business.id} order by c.created_at`;
    expect(credits).toEqual([
      { reason: 'fake', status: 'open' },
      { reason: 'unanswered', status: 'refunded' },
    ]);
  });
});
