// The dashboard of issue 24 against the real database: a stage move undone (only the move just
// made, within its window, back to where it came from; a completion's held review invitation
// withdrawn unsent), the new-leads count, the portfolio (add, edit, replace the photo, reorder,
// remove, its limit, another business's items untouched), the readiness banner's reasons, the
// Analytics tab's popular services and recent activity, and where a contractor lands after
// signing in or confirming the e-mail.
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { callRoute, fullSession } from '../helpers/api-context.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PORTFOLIO_MAX_ITEMS, PORTFOLIO_MESSAGES } from '../../src/domain/portfolio-rules.ts';
import { STAGE_UNDO_MESSAGES, STAGE_UNDO_SECONDS } from '../../src/domain/lead-stages.ts';
import type { DashboardInsights } from '../../src/schemas/analytics.ts';
import type { LeadPage } from '../../src/schemas/dashboard.ts';
import type { PortfolioAnswer } from '../../src/schemas/portfolio.ts';
import { issueToken } from '../../src/server/accounts/auth/account-tokens.ts';
import { confirmEmailToken } from '../../src/server/accounts/auth/confirm-email-token.ts';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { signIn } from '../../src/server/accounts/auth/sign-in.ts';
import { contractorReadiness } from '../../src/server/leads/dashboard/contractor-readiness.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { createDistribution, createResponse } from '../factories/contractor-side.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const uploads = await mkdtemp(path.join(tmpdir(), 'portfolio-'));
process.env['UPLOADS_DIR'] = uploads;
const sql = useTestSql();

interface Contractor {
  user: SessionUser;
  businessId: string;
  businessName: string;
}

async function contractor(overrides: Parameters<typeof createBusiness>[1] = {}): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id, ...overrides });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, businessId: business.id, businessName: business.name };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let routes: Record<string, Partial<Record<Method, APIRoute>>>;

beforeAll(async () => {
  routes = {
    leads: await import('../../src/pages/api/contractor/leads/index.ts'),
    stage: await import('../../src/pages/api/contractor/leads/[id]/stage.ts'),
    undo: await import('../../src/pages/api/contractor/leads/[id]/undo-stage.ts'),
    respond: await import('../../src/pages/api/contractor/leads/[id]/responses.ts'),
    portfolio: await import('../../src/pages/api/contractor/portfolio/index.ts'),
    item: await import('../../src/pages/api/contractor/portfolio/[id].ts'),
    order: await import('../../src/pages/api/contractor/portfolio/order.ts'),
    insights: await import('../../src/pages/api/contractor/insights.ts'),
  };
});

const PATHS: Record<string, (id?: string) => string> = {
  leads: () => '/api/contractor/leads',
  stage: (id) => `/api/contractor/leads/${id}/stage`,
  undo: (id) => `/api/contractor/leads/${id}/undo-stage`,
  respond: (id) => `/api/contractor/leads/${id}/responses`,
  portfolio: () => '/api/contractor/portfolio',
  item: (id) => `/api/contractor/portfolio/${id}`,
  order: () => '/api/contractor/portfolio/order',
  insights: () => '/api/contractor/insights',
};

async function call(
  route: string,
  method: Method,
  who: Contractor,
  options: { id?: string; body?: unknown; form?: FormData } = {},
): Promise<Response> {
  return callRoute(routes[route]![method]!, {
    method,
    path: PATHS[route]!(options.id),
    user: who.user,
    params: options.id === undefined ? {} : { id: options.id },
    clientAddress: '203.0.113.24',
    ...(options.form ? { form: options.form } : { body: options.body }),
  });
}

const stageOf = async (id: string) =>
  (
    await sql<{ stage: string; previous_stage: string | null; completed_at: Date | null }[]>`
      select stage, previous_stage, completed_at from lead_distributions where id = ${id}`
  )[0]!;

describe('undoing a stage move', () => {
  it('takes the move just made back to the stage it came from, once', async () => {
    const a = await contractor();
    const lead = await createLead(sql);
    const d = await createDistribution(sql, lead.id, a.businessId, { stage: 'NEW' });
    expect((await call('stage', 'POST', a, { id: d, body: { stage: 'CONTACTED' } })).status).toBe(200);
    expect(await stageOf(d)).toMatchObject({ stage: 'CONTACTED', previous_stage: 'NEW' });

    const undone = await call('undo', 'POST', a, { id: d, body: { from: 'CONTACTED', to: 'NEW' } });
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ stage: 'NEW', nextStages: ['CONTACTED', 'REJECTED'] });
    expect(await stageOf(d)).toMatchObject({ stage: 'NEW', previous_stage: null });

    // The same undo again restores nothing.
    const again = await call('undo', 'POST', a, { id: d, body: { from: 'CONTACTED', to: 'NEW' } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(STAGE_UNDO_MESSAGES.expired);
  });

  it('takes back a rejection, and only the last move: never an older one, never a stage it did not come from', async () => {
    const a = await contractor();
    const lead = await createLead(sql);
    const d = await createDistribution(sql, lead.id, a.businessId, { stage: 'CONTACTED' });
    await call('stage', 'POST', a, { id: d, body: { stage: 'IN_PROGRESS' } });
    await call('stage', 'POST', a, { id: d, body: { stage: 'REJECTED' } });
    // The older move (CONTACTED -> IN_PROGRESS) is not the move just made.
    expect(
      (await call('undo', 'POST', a, { id: d, body: { from: 'IN_PROGRESS', to: 'CONTACTED' } })).status,
    ).toBe(409);
    // Not back to a stage the last move did not start from.
    expect((await call('undo', 'POST', a, { id: d, body: { from: 'REJECTED', to: 'NEW' } })).status).toBe(
      409,
    );
    expect((await stageOf(d)).stage).toBe('REJECTED');
    expect(
      (await call('undo', 'POST', a, { id: d, body: { from: 'REJECTED', to: 'IN_PROGRESS' } })).status,
    ).toBe(200);
    expect(await stageOf(d)).toMatchObject({ stage: 'IN_PROGRESS', previous_stage: null });
  });

  it(`is refused after ${STAGE_UNDO_SECONDS} seconds, after a response since, and for another business's lead`, async () => {
    const a = await contractor();
    const b = await contractor();
    const late = await createDistribution(sql, (await createLead(sql)).id, a.businessId, { stage: 'NEW' });
    await call('stage', 'POST', a, { id: late, body: { stage: 'CONTACTED' } });
    await sql`update lead_distributions set stage_changed_at = now() - make_interval(secs => ${STAGE_UNDO_SECONDS + 1})
               where id = ${late}`;
    expect((await call('undo', 'POST', a, { id: late, body: { from: 'CONTACTED', to: 'NEW' } })).status).toBe(
      409,
    );

    const answered = await createDistribution(sql, (await createLead(sql)).id, a.businessId, {
      stage: 'NEW',
    });
    await call('stage', 'POST', a, { id: answered, body: { stage: 'CONTACTED' } });
    const sent = await call('respond', 'POST', a, {
      id: answered,
      body: { subject: 'Hello', message: 'I can come by on Friday.' },
    });
    expect(sent.status).toBe(201);
    expect(
      (await call('undo', 'POST', a, { id: answered, body: { from: 'CONTACTED', to: 'NEW' } })).status,
    ).toBe(409);

    const mine = await createDistribution(sql, (await createLead(sql)).id, a.businessId, { stage: 'NEW' });
    await call('stage', 'POST', a, { id: mine, body: { stage: 'CONTACTED' } });
    expect((await call('undo', 'POST', b, { id: mine, body: { from: 'CONTACTED', to: 'NEW' } })).status).toBe(
      404,
    );
    expect((await stageOf(mine)).stage).toBe('CONTACTED');
  });

  it('two undos at once restore the lead once', async () => {
    const a = await contractor();
    const d = await createDistribution(sql, (await createLead(sql)).id, a.businessId, { stage: 'NEW' });
    await call('stage', 'POST', a, { id: d, body: { stage: 'REJECTED' } });
    const answers = await Promise.all(
      [1, 2].map(() => call('undo', 'POST', a, { id: d, body: { from: 'REJECTED', to: 'NEW' } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await stageOf(d)).stage).toBe('NEW');
  });

  it('undoing a completion withdraws the review invitation it held back, unsent, with its link', async () => {
    const a = await contractor();
    const lead = await createLead(sql);
    const d = await createDistribution(sql, lead.id, a.businessId, { stage: 'IN_PROGRESS' });
    await createResponse(sql, lead.id, a.businessId, {
      quote: { items: [{ description: 'The job', quantity: 1, rateCents: 50_000 }] },
      accepted: true,
    });
    const moved = await call('stage', 'POST', a, { id: d, body: { stage: 'COMPLETED' } });
    expect(await moved.json()).toMatchObject({ stage: 'COMPLETED', from: 'IN_PROGRESS', reviewMailed: true });
    // Held back for the undo window: the sender takes nothing before send_after.
    const [mail] = await sql<{ held: boolean }[]>`
      select send_after >= now() + make_interval(secs => ${STAGE_UNDO_SECONDS - 5}) as held
        from mail_outbox where template = 'lead_review' and payload->>'leadId' = ${lead.id}`;
    expect(mail!.held).toBe(true);

    expect(
      (await call('undo', 'POST', a, { id: d, body: { from: 'COMPLETED', to: 'IN_PROGRESS' } })).status,
    ).toBe(200);
    expect(await stageOf(d)).toMatchObject({ stage: 'IN_PROGRESS', completed_at: null });
    expect(
      await sql`select 1 from mail_outbox where template = 'lead_review' and payload->>'leadId' = ${lead.id}`,
    ).toEqual([]);
    expect(
      await sql`select 1 from lead_access_tokens where lead_id = ${lead.id} and purpose = 'review'`,
    ).toEqual([]);
    const [row] = await sql`select review_invited_at from lead_distributions where id = ${d}`;
    expect(row!['review_invited_at']).toBeNull();

    // Completed again, the invitation goes again.
    const again = await call('stage', 'POST', a, { id: d, body: { stage: 'COMPLETED' } });
    expect(await again.json()).toMatchObject({ reviewMailed: true });
  });
});

describe('the new-leads count', () => {
  it('counts the paid leads in the New stage, this business only', async () => {
    const a = await contractor();
    const b = await contractor();
    for (let i = 0; i < 3; i += 1) await createDistribution(sql, (await createLead(sql)).id, a.businessId);
    await createDistribution(sql, (await createLead(sql)).id, a.businessId, { stage: 'CONTACTED' });
    const unpaid = await createDistribution(sql, (await createLead(sql)).id, a.businessId);
    await sql`update lead_distributions set payment_status = 'failed' where id = ${unpaid}`;
    await createDistribution(sql, (await createLead(sql)).id, b.businessId);
    const page = (await (await call('leads', 'GET', a)).json()) as LeadPage;
    expect(page.newLeads).toBe(3);
    expect(page.leads).toHaveLength(5);
  });
});

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function jobForm(fields: { title?: string; description?: string; photo?: boolean | 'text' }): FormData {
  const form = new FormData();
  if (fields.title !== undefined) form.set('title', fields.title);
  if (fields.description !== undefined) form.set('description', fields.description);
  if (fields.photo === 'text')
    form.set('file', new File(['not an image'], 'notes.png', { type: 'image/png' }));
  else if (fields.photo) form.set('file', new File([PNG], 'job.png', { type: 'image/png' }));
  return form;
}

const fileOf = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''));
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const publishes = async (businessId: string) =>
  (
    await sql<{ n: number }[]>`
      select count(*)::int as n from publish_requests
       where entity_type = 'business' and entity_id = ${businessId} and automatic`
  )[0]!.n;

describe('the portfolio', () => {
  it('adds, edits, replaces the photo of, reorders and removes jobs, each change asking for a publish', async () => {
    const a = await contractor();
    const added: string[] = [];
    for (const title of ['Deck in Kettering', 'Bathroom in Oakwood', 'Kitchen in Centerville']) {
      const response = await call('portfolio', 'POST', a, {
        form: jobForm({ title, description: `${title}, finished on time.`, photo: true }),
      });
      expect(response.status).toBe(201);
      const { items } = (await response.json()) as PortfolioAnswer;
      added.push(items.at(-1)!.id);
      expect(items.at(-1)).toMatchObject({ title, displayOrder: items.length - 1 });
      expect(items.at(-1)!.imageUrl).toMatch(new RegExp(`^/uploads/businesses/${a.businessId}/`));
    }
    expect(await publishes(a.businessId)).toBe(3);

    // Edited: new words, and a new photo replaces the old one (the old file leaves the store).
    const before = ((await (await call('portfolio', 'GET', a)).json()) as PortfolioAnswer).items[0]!;
    const edited = await call('item', 'POST', a, {
      id: before.id,
      form: jobForm({ title: 'Cedar deck in Kettering', description: '', photo: true }),
    });
    expect(edited.status).toBe(200);
    const after = ((await edited.json()) as PortfolioAnswer).items[0]!;
    expect(after).toMatchObject({ id: before.id, title: 'Cedar deck in Kettering', description: '' });
    expect(after.imageUrl).not.toBe(before.imageUrl);
    expect(await exists(fileOf(before.imageUrl!))).toBe(false);
    expect(await exists(fileOf(after.imageUrl!))).toBe(true);

    // Reordered: the last first.
    const order = [added[2]!, added[0]!, added[1]!];
    const reordered = await call('order', 'PUT', a, { body: { ids: order } });
    expect(reordered.status).toBe(200);
    expect(((await reordered.json()) as PortfolioAnswer).items.map((i) => i.id)).toEqual(order);

    // The same order again, and the same words without a photo, change nothing public: no publish
    // (each would be a build).
    expect(await publishes(a.businessId)).toBe(5);
    expect((await call('order', 'PUT', a, { body: { ids: order } })).status).toBe(200);
    const same = await call('item', 'POST', a, {
      id: before.id,
      form: jobForm({ title: 'Cedar deck in Kettering', description: '', photo: false }),
    });
    expect(same.status).toBe(200);
    expect(((await same.json()) as PortfolioAnswer).items.find((i) => i.id === before.id)).toMatchObject({
      title: 'Cedar deck in Kettering',
      imageUrl: after.imageUrl,
    });
    expect(await publishes(a.businessId)).toBe(5);

    // Removed: gone, its photo with it.
    const removed = await call('item', 'DELETE', a, { id: added[1]! });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as PortfolioAnswer).items.map((i) => i.id)).toEqual([added[2], added[0]]);
    expect(await publishes(a.businessId)).toBe(6);
  });

  it('refuses a job without a title or photo, a file that is no image, and a wrong order, changing nothing', async () => {
    const a = await contractor();
    const noTitle = await call('portfolio', 'POST', a, { form: jobForm({ title: '  ', photo: true }) });
    expect(noTitle.status).toBe(400);
    expect(await noTitle.json()).toMatchObject({ fields: { title: [PORTFOLIO_MESSAGES.titleRequired] } });
    const noPhoto = await call('portfolio', 'POST', a, { form: jobForm({ title: 'Roof' }) });
    expect(noPhoto.status).toBe(400);
    expect(await noPhoto.json()).toMatchObject({ fields: { file: [PORTFOLIO_MESSAGES.photoRequired] } });
    const notImage = await call('portfolio', 'POST', a, { form: jobForm({ title: 'Roof', photo: 'text' }) });
    expect(notImage.status).toBe(415);
    // Angle brackets and script text are cleaned out of the words.
    const cleaned = await call('portfolio', 'POST', a, {
      form: jobForm({ title: '<b>Roof</b>', description: 'javascript:alert(1)', photo: true }),
    });
    const { items } = (await cleaned.json()) as PortfolioAnswer;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: 'bRoof/b', description: 'alert(1)' });

    const other = await contractor();
    const theirs = (
      (await (
        await call('portfolio', 'POST', other, { form: jobForm({ title: 'Theirs', photo: true }) })
      ).json()) as PortfolioAnswer
    ).items[0]!;
    for (const ids of [[], [items[0]!.id, items[0]!.id], [items[0]!.id, theirs.id]]) {
      expect((await call('order', 'PUT', a, { body: { ids } })).status).toBe(400);
    }
    // Another business's item: not found for editing or removing, and untouched.
    expect((await call('item', 'DELETE', a, { id: theirs.id })).status).toBe(404);
    expect(
      (
        await call('item', 'POST', a, {
          id: theirs.id,
          form: jobForm({ title: 'Mine now', description: '' }),
        })
      ).status,
    ).toBe(404);
    expect((await (await call('portfolio', 'GET', other)).json()) as PortfolioAnswer).toMatchObject({
      items: [{ id: theirs.id, title: 'Theirs' }],
    });
    expect(await exists(fileOf(theirs.imageUrl!))).toBe(true);
  });

  it(`holds at most ${PORTFOLIO_MAX_ITEMS} jobs`, async () => {
    const a = await contractor();
    await sql`
      insert into portfolio_items (business_id, title, image_url, display_order)
      select ${a.businessId}, 'Job ' || n, '/uploads/demo/plumbing-1.webp', n
        from generate_series(1, ${PORTFOLIO_MAX_ITEMS}) n`;
    const full = await call('portfolio', 'POST', a, { form: jobForm({ title: 'One more', photo: true }) });
    expect(full.status).toBe(400);
    expect(((await full.json()) as { error: string }).error).toBe(PORTFOLIO_MESSAGES.full);
    // A shared demo picture is unlisted, never deleted, when its job goes.
    const [first] = await sql<{ id: string }[]>`
      select id from portfolio_items where business_id = ${a.businessId} order by display_order limit 1`;
    expect((await call('item', 'DELETE', a, { id: first!.id })).status).toBe(200);
  });
});

describe('the readiness banner', () => {
  it('names each reason no lead is sent with the action that fixes it, and nothing when leads flow', async () => {
    const ready = await contractor();
    await giveCard(sql, ready.businessId);
    expect(await contractorReadiness(sql, ready.businessId)).toEqual([]);

    const noCard = await contractor();
    expect(await contractorReadiness(sql, noCard.businessId)).toMatchObject([
      { issue: 'no_card', action: { label: 'Add a card', href: '/dashboard?tab=payment-setup' } },
    ]);

    const paused = await contractor();
    await giveCard(sql, paused.businessId);
    await sql`update businesses set leads_paused = true, weekly_lead_cap = 1 where id = ${paused.businessId}`;
    await createDistribution(sql, (await createLead(sql)).id, paused.businessId, { sentHoursAgo: 0 });
    expect((await contractorReadiness(sql, paused.businessId)).map((n) => n.issue)).toEqual([
      'paused',
      'weekly_cap',
    ]);

    const monthly = await contractor();
    await giveCard(sql, monthly.businessId);
    // $40 cap, $30 spent: one more lead would pass it.
    await sql`update businesses set monthly_spend_cap_cents = 4000 where id = ${monthly.businessId}`;
    const d = await createDistribution(sql, (await createLead(sql)).id, monthly.businessId, {
      sentHoursAgo: 0,
    });
    await sql`update lead_distributions set payment_amount_cents = 3000 where id = ${d}`;
    const [cap] = await contractorReadiness(sql, monthly.businessId);
    expect(cap).toMatchObject({ issue: 'monthly_cap', action: { label: 'Raise your monthly cap' } });
    expect(cap!.text).toContain('$40.00');

    const pending = await contractor({ status: 'PENDING', verified: false });
    expect(await contractorReadiness(sql, pending.businessId)).toMatchObject([
      { issue: 'pending_approval', action: { href: expect.stringMatching(/^tel:\+1\d{10}$/) as unknown } },
    ]);
  });
});

describe('the Analytics tab’s lists', () => {
  it('popular services: the leads of the last 30 days by service, top 5; recent activity: the last 10 events', async () => {
    const a = await contractor();
    const b = await contractor();
    const services = { plumbing: 3, roofing: 2, electrical: 1 } as const;
    for (const [service, n] of Object.entries(services)) {
      for (let i = 0; i < n; i += 1)
        await createDistribution(sql, (await createLead(sql, { service })).id, a.businessId);
    }
    // Too old, or another business's: not counted.
    await createDistribution(sql, (await createLead(sql, { service: 'hvac' })).id, a.businessId, {
      sentHoursAgo: 31 * 24,
    });
    for (let i = 0; i < 5; i += 1)
      await createDistribution(sql, (await createLead(sql, { service: 'painting' })).id, b.businessId);
    const won = await createLead(sql, { service: 'roofing' });
    await createDistribution(sql, won.id, a.businessId, { sentHoursAgo: 1, stage: 'COMPLETED' });
    await createResponse(sql, won.id, a.businessId, {
      subject: 'Your roof',
      quote: { items: [{ description: 'Roof', quantity: 1, rateCents: 900_000 }] },
      accepted: true,
      minutesAgo: 30,
    });

    const answer = (await (await call('insights', 'GET', a)).json()) as DashboardInsights;
    expect(answer.popularServices).toEqual([
      { service: 'Plumbing', leads: 3, won: 0 },
      { service: 'Roofing', leads: 3, won: 1 },
      { service: 'Electrical', leads: 1, won: 0 },
    ]);
    expect(answer.recentActivity).toHaveLength(10);
    const times = answer.recentActivity.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(answer.recentActivity.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['quote_accepted', 'stage_changed', 'response_sent', 'lead_received']),
    );
    expect(answer.recentActivity.find((item) => item.kind === 'response_sent')).toMatchObject({
      service: 'Roofing',
      place: 'Dayton',
      detail: 'Your roof',
    });
    expect(answer.recentActivity.some((item) => item.service === 'Painting')).toBe(false);
  });
});

describe('where a contractor lands', () => {
  it('signing in answers the dashboard for a contractor and nothing for a homeowner; so does confirming the e-mail', async () => {
    const password = 'Str0ng!Pass-24';
    const hash = await hashPassword(password);
    const pro = await createUser(sql, { roles: ['contractor'], passwordHash: hash });
    const homeowner = await createUser(sql, { passwordHash: hash });
    expect(fullSession(await signIn(sql, { email: pro.email, password })).landing).toBe('/dashboard');
    expect(fullSession(await signIn(sql, { email: homeowner.email, password })).landing).toBeNull();

    const token = await sql.begin((tx) => issueToken(tx, pro.id, 'email_verification'));
    expect(await confirmEmailToken(sql, token, {}, null, null, password)).toMatchObject({
      landing: '/dashboard',
    });
  });
});
