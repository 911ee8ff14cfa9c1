// The admin frame's writes and lists through the real endpoints and database: roles granted and
// revoked (never one's own admin role), an account disabled (its sessions end at once, its sign-in
// is refused with the message) and enabled, every change audited with its before and after values
// in the change's own transaction, the users and activity lists paged by keyset, and every admin
// API refusing a signed-out caller (401), a homeowner and a contractor (403).
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/domain/admin-rules.ts';
import type { AdminUserPage, AuditPage } from '../../src/schemas/admin.ts';
import { listActivity } from '../../src/server/admin/activity-log.ts';
import { adminOverview } from '../../src/server/admin/admin-overview.ts';
import { audited } from '../../src/server/platform/security/audit.ts';
import { changeRole, listUsers } from '../../src/server/admin/users.ts';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { signIn } from '../../src/server/accounts/auth/sign-in.ts';
import { createBusiness, createLead, createUser } from '../factories/index.ts';
import { apiContext, fullSession, signedInUser } from '../helpers/api-context.ts';
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
  endpoints['users'] = await import('../../src/pages/api/admin/users/index.ts');
  endpoints['roles'] = await import('../../src/pages/api/admin/users/[id]/roles.ts');
  endpoints['status'] = await import('../../src/pages/api/admin/users/[id]/status.ts');
  endpoints['activity'] = await import('../../src/pages/api/admin/activity-logs.ts');
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

const rolesOf = async (id: string) =>
  (await sql<{ role: string }[]>`select role from user_roles where user_id = ${id} order by role`).map(
    (r) => r.role,
  );
const auditOf = (id: string) =>
  sql<{ action: string; actor_user_id: string; before_values: unknown; after_values: unknown }[]>`
    select action, actor_user_id, before_values, after_values from audit_log
     where entity_type = 'user' and entity_id = ${id} order by id`;

describe('admin APIs refuse everyone but admins', () => {
  const target = '00000000-0000-4000-8000-000000000001';
  const cases: [string, Method, { path?: string; params?: Record<string, string>; body?: unknown }][] = [
    ['users', 'GET', { path: '/api/admin/users' }],
    ['roles', 'POST', { params: { id: target }, body: { role: 'admin', granted: true } }],
    ['status', 'POST', { params: { id: target }, body: { disabled: true } }],
    ['activity', 'GET', { path: '/api/admin/activity-logs' }],
  ];
  for (const [name, method, options] of cases) {
    it(`${method} ${name}: 401 signed out, 403 for a homeowner and a contractor`, async () => {
      expect((await call(name, method, null, options)).status).toBe(401);
      expect((await call(name, method, homeowner, options)).status).toBe(403);
      expect((await call(name, method, contractor, options)).status).toBe(403);
    });
  }

  it('a refused role grant changes nothing and writes no audit row', async () => {
    const victim = await createUser(sql);
    const response = await call('roles', 'POST', contractor, {
      params: { id: victim.id },
      body: { role: 'admin', granted: true },
    });
    expect(response.status).toBe(403);
    expect(await rolesOf(victim.id)).toEqual([]);
    expect(await auditOf(victim.id)).toEqual([]);
  });
});

describe('roles', () => {
  it('grants and revokes a role, auditing each with the roles before and after', async () => {
    const user = await createUser(sql);
    const grant = await call('roles', 'POST', admin, {
      params: { id: user.id },
      body: { role: 'contractor', granted: true },
    });
    expect(grant.status).toBe(200);
    expect(((await grant.json()) as { user: { roles: string[] } }).user.roles).toEqual(['contractor']);
    expect(await rolesOf(user.id)).toEqual(['contractor']);
    const revoke = await call('roles', 'POST', admin, {
      params: { id: user.id },
      body: { role: 'contractor', granted: false },
    });
    expect(revoke.status).toBe(200);
    expect(await rolesOf(user.id)).toEqual([]);
    expect(await auditOf(user.id)).toEqual([
      {
        action: 'user.role.grant',
        actor_user_id: admin.id,
        before_values: { email: user.email, roles: [] },
        after_values: { email: user.email, roles: ['contractor'] },
      },
      {
        action: 'user.role.revoke',
        actor_user_id: admin.id,
        before_values: { email: user.email, roles: ['contractor'] },
        after_values: { email: user.email, roles: [] },
      },
    ]);
  });

  it('granting a role already held changes nothing and records nothing', async () => {
    const user = await createUser(sql, { roles: ['contractor'] });
    const response = await call('roles', 'POST', admin, {
      params: { id: user.id },
      body: { role: 'contractor', granted: true },
    });
    expect(response.status).toBe(200);
    expect(await auditOf(user.id)).toEqual([]);
  });

  it("an admin cannot remove their own admin role; another admin's, yes", async () => {
    const self = await sessionOf(['admin']);
    const own = await call('roles', 'POST', self, {
      params: { id: self.id },
      body: { role: 'admin', granted: false },
    });
    expect(own.status).toBe(409);
    expect(((await own.json()) as { error: string }).error).toBe(ADMIN_MESSAGES.ownAdminRole);
    expect(await rolesOf(self.id)).toEqual(['admin']);
    expect(await auditOf(self.id)).toEqual([]);
    const other = await call('roles', 'POST', admin, {
      params: { id: self.id },
      body: { role: 'admin', granted: false },
    });
    expect(other.status).toBe(200);
    expect(await rolesOf(self.id)).toEqual([]);
  });

  it('an unknown user is not found; a malformed id or role is a 400', async () => {
    const unknown = await call('roles', 'POST', admin, {
      params: { id: '00000000-0000-4000-8000-000000000002' },
      body: { role: 'admin', granted: true },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await call('roles', 'POST', admin, { params: { id: 'nope' }, body: { role: 'admin', granted: true } }))
        .status,
    ).toBe(400);
    const user = await createUser(sql);
    expect(
      (
        await call('roles', 'POST', admin, {
          params: { id: user.id },
          body: { role: 'owner', granted: true },
        })
      ).status,
    ).toBe(400);
  });
});

describe('disabling and enabling an account', () => {
  it('ends every session at once, refuses sign-in with the message, and enabling lets it back in', async () => {
    const password = 'Disable!Me2026';
    const row = await createUser(sql, { passwordHash: await hashPassword(password) });
    const tokens = [(await createSession(sql, row.id)).token, (await createSession(sql, row.id)).token];
    for (const token of tokens) expect(await validateSession(sql, token)).not.toBeNull();

    const disable = await call('status', 'POST', admin, { params: { id: row.id }, body: { disabled: true } });
    expect(disable.status).toBe(200);
    expect(((await disable.json()) as { user: { disabled: boolean } }).user.disabled).toBe(true);
    for (const token of tokens) expect(await validateSession(sql, token)).toBeNull();
    const [{ count }] =
      (await sql`select count(*)::int as count from sessions where user_id = ${row.id}`) as unknown as [
        { count: number },
      ];
    expect(count).toBe(0);
    await expect(signIn(sql, { email: row.email, password })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: ADMIN_MESSAGES.accountDisabled,
    });
    // A wrong password still gets the answer for anyone: being disabled is not revealed.
    await expect(signIn(sql, { email: row.email, password: 'Wrong!Pass1' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });

    const enable = await call('status', 'POST', admin, { params: { id: row.id }, body: { disabled: false } });
    expect(enable.status).toBe(200);
    expect(fullSession(await signIn(sql, { email: row.email, password })).token).toHaveLength(43);
    expect(await auditOf(row.id)).toEqual([
      {
        action: 'user.disable',
        actor_user_id: admin.id,
        before_values: { email: row.email, disabled: false },
        after_values: { email: row.email, disabled: true, sessionsEnded: 2 },
      },
      {
        action: 'user.enable',
        actor_user_id: admin.id,
        before_values: { email: row.email, disabled: true },
        after_values: { email: row.email, disabled: false },
      },
    ]);
  });

  it('a session made for a disabled account some other way (a reset link) is not accepted', async () => {
    const row = await createUser(sql);
    await call('status', 'POST', admin, { params: { id: row.id }, body: { disabled: true } });
    const { token } = await createSession(sql, row.id);
    expect(await validateSession(sql, token)).toBeNull();
  });

  it('an admin cannot disable their own account', async () => {
    const response = await call('status', 'POST', admin, {
      params: { id: admin.id },
      body: { disabled: true },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(ADMIN_MESSAGES.ownAccount);
    expect(await auditOf(admin.id)).toEqual([]);
  });
});

describe('the audit row shares the transaction of its change', () => {
  it('a change that fails after its audit row leaves neither the change nor the row', async () => {
    const user = await createUser(sql);
    await expect(
      sql.begin(async (tx) => {
        await changeRole(tx, { id: admin.id }, user.id, { role: 'contractor', granted: true });
        // The same transaction then fails (a constraint), as a later step of a bigger change would.
        await tx`insert into user_roles (user_id, role) values (${user.id}, 'owner')`;
      }),
    ).rejects.toThrow();
    expect(await rolesOf(user.id)).toEqual([]);
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('audited() writes who, what, the entity and both values', async () => {
    const business = await createBusiness(sql);
    const id = await sql.begin((tx) =>
      audited(
        tx,
        { id: admin.id },
        'business.approve',
        { type: 'business', id: business.id },
        { status: 'PENDING' },
        {
          status: 'ACTIVE',
        },
      ),
    );
    const [row] = await sql`select * from audit_log where id = ${id}`;
    expect(row).toMatchObject({
      actor_user_id: admin.id,
      action: 'business.approve',
      entity_type: 'business',
      entity_id: business.id,
      before_values: { status: 'PENDING' },
      after_values: { status: 'ACTIVE' },
    });
  });
});

describe('lists paged by keyset', () => {
  it('users: search by e-mail or name, every match exactly once over the pages', async () => {
    const tag = `kp${Date.now().toString(36)}`;
    const made: { id: string }[] = [];
    for (let i = 0; i < 7; i++) made.push(await createUser(sql, { email: `${tag}-${i}@example.com` }));
    const named = await createUser(sql, { fullName: `Zed ${tag.toUpperCase()} Named` });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listUsers(sql, { q: tag, cursor, limit: 3 });
      expect(page.users.length).toBeLessThanOrEqual(3);
      seen.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual([...made.map((u) => u.id), named.id].sort());
    // Wildcards are taken literally.
    expect((await listUsers(sql, { q: '%' })).users.every((u) => u.email.includes('%'))).toBe(true);
  });

  it('GET /api/admin/users answers 25 a page with a cursor', async () => {
    for (let i = 0; i < 26; i++) await createUser(sql);
    const response = await call('users', 'GET', admin, { path: '/api/admin/users' });
    expect(response.status).toBe(200);
    const page = (await response.json()) as AdminUserPage;
    expect(page.users).toHaveLength(25);
    expect(page.nextCursor).not.toBeNull();
    const next = await call('users', 'GET', admin, {
      path: `/api/admin/users?cursor=${page.nextCursor!}`,
    });
    const second = (await next.json()) as AdminUserPage;
    expect(second.users[0]!.email > page.users.at(-1)!.email).toBe(true);
    expect((await call('users', 'GET', admin, { path: '/api/admin/users?cursor=bad' })).status).toBe(400);
  });

  it('activity: pages through entries written within one millisecond without skipping any (the cursor keeps microseconds)', async () => {
    const actor = await sessionOf(['admin']);
    const ids: number[] = [];
    for (const micros of ['000300', '000200', '000100']) {
      const [row] = await sql<{ id: number }[]>`
        insert into audit_log (actor_user_id, action, entity_type, entity_id, created_at)
        values (${actor.id}, 'user.role.grant', 'user', ${micros},
                ${`2026-01-01 12:00:00.${micros}+00`}::text::timestamptz)
        returning id`;
      ids.push(row!.id);
    }
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await listActivity(sql, { actor: actor.id, cursor }, 1);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(ids);
  });

  it('activity: filtered by who, what and when; newest first; no entry twice over the pages', async () => {
    const actor = await sessionOf(['admin']);
    const users: { id: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await createUser(sql);
      users.push(u);
      await sql.begin((tx) => changeRole(tx, { id: actor.id }, u.id, { role: 'contractor', granted: true }));
    }
    await sql.begin((tx) =>
      changeRole(tx, { id: actor.id }, users[0]!.id, { role: 'contractor', granted: false }),
    );
    // An old entry, outside the date range below.
    await sql`
      insert into audit_log (actor_user_id, action, entity_type, entity_id, created_at)
      values (${actor.id}, 'user.role.grant', 'user', 'old', '2020-01-01T12:00:00Z')`;

    const all: AuditPage['entries'] = [];
    let cursor: string | undefined;
    do {
      const page = await listActivity(sql, { actor: actor.id, cursor }, 2);
      all.push(...page.entries);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(all).toHaveLength(7);
    expect(new Set(all.map((e) => e.id)).size).toBe(7);
    expect(all[0]!.action).toBe('user.role.revoke');
    expect(all.at(-1)!.entityId).toBe('old');
    const times = all.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const grants = await listActivity(sql, { actor: actor.id, action: 'user.role.grant' });
    expect(grants.entries).toHaveLength(6);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await listActivity(sql, {
      actor: actor.id,
      action: 'user.role.grant',
      from: today,
      to: today,
    });
    expect(recent.entries).toHaveLength(5);
    const old = await listActivity(sql, { actor: actor.id, from: '2020-01-01', to: '2020-01-01' });
    expect(old.entries.map((e) => e.entityId)).toEqual(['old']);

    const response = await call('activity', 'GET', admin, {
      path: `/api/admin/activity-logs?actor=${actor.id}&action=user.role.revoke`,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as AuditPage;
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({
      actorEmail: (await sql<{ email: string }[]>`select email from users where id = ${actor.id}`)[0]!.email,
      before: { roles: ['contractor'] },
      after: { roles: [] },
    });
    expect(
      (await call('activity', 'GET', admin, { path: '/api/admin/activity-logs?from=yesterday' })).status,
    ).toBe(400);
  });
});

describe('the admin index', () => {
  it("counts today's leads and revenue, pending approvals, failed payments and open disputes", async () => {
    const before = await adminOverview(sql);
    await createBusiness(sql, { status: 'PENDING' });
    const business = await createBusiness(sql);
    const lead = await createLead(sql);
    // A payment test's lead and its failed charge count nowhere here (the payment-test page has them).
    const testLead = await createLead(sql);
    await sql`update leads set is_test = true where id = ${testLead.id}`;
    const key = () => `admin-test-${Math.random().toString(36).slice(2)}`;
    await sql`
      insert into payment_transactions (business_id, lead_id, idempotency_key, payment_amount_cents, payment_status, failure_message, created_at)
      values (${business.id}, ${lead.id}, ${key()}, 3000, 'paid', null, now()),
             (${business.id}, null, ${key()}, 9900, 'succeeded', null, now()),
             (${business.id}, ${lead.id}, ${key()}, 3000, 'failed', 'Your card was declined.', now()),
             (${business.id}, ${lead.id}, ${key()}, 3000, 'failed', 'Too old to count', now() - interval '8 days'),
             (${business.id}, ${lead.id}, ${key()}, 3000, 'paid', null, now() - interval '2 days'),
             (${business.id}, ${testLead.id}, ${key()}, 3000, 'failed', 'Test card declined', now()),
             (${business.id}, ${testLead.id}, ${key()}, 3000, 'paid', null, now())`;
    await sql`
      insert into chargebacks (stripe_dispute_id, stripe_charge_id, business_id, amount_cents, reason, stripe_status)
      values (${`dp_${key()}`}, 'ch_admin_test', ${business.id}, 3000, 'fraudulent', 'needs_response')`;
    const after = await adminOverview(sql);
    expect(after.leadsToday).toBe(before.leadsToday + 1);
    expect(after.revenueToday.leadChargesCents).toBe(before.revenueToday.leadChargesCents + 3000);
    expect(after.revenueToday.otherPaymentsCents).toBe(before.revenueToday.otherPaymentsCents + 9900);
    expect(after.revenueToday.count).toBe(before.revenueToday.count + 2);
    expect(after.pendingBusinesses).toBe(before.pendingBusinesses + 1);
    expect(after.failedPayments.count).toBe(before.failedPayments.count + 1);
    expect(after.failedPayments.recent[0]).toMatchObject({
      message: 'Your card was declined.',
      amountCents: 3000,
    });
    expect(after.openChargebacks).toBe(before.openChargebacks + 1);
  });
});

describe('the demo admin activity', () => {
  it('is written through the same use-cases: three audited changes of the disabled demo account', async () => {
    const { seedDemoAdmin, DEMO_ADMIN_EMAIL, DEMO_DISABLED_EMAIL } =
      await import('../../scripts/lib/seed-demo-admin.ts');
    const [existing] = await sql`select id from users where email = ${DEMO_ADMIN_EMAIL}`;
    if (!existing) await createUser(sql, { email: DEMO_ADMIN_EMAIL, roles: ['admin'] });
    expect(await seedDemoAdmin(sql)).toBe(3);
    expect(await seedDemoAdmin(sql)).toBe(0);
    const [member] = await sql<{ id: string; disabled_at: Date | null }[]>`
      select id, disabled_at from users where email = ${DEMO_DISABLED_EMAIL}`;
    expect(member!.disabled_at).not.toBeNull();
    expect((await auditOf(member!.id)).map((a) => a.action)).toEqual([
      'user.role.grant',
      'user.role.revoke',
      'user.disable',
    ]);
  });
});
