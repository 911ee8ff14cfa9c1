// The dashboard's Profile tab, photos and analytics through their real endpoints and the real
// database: saving each field (and refusing each wrong one, changing nothing), the publish
// request a change records, contractor A never reading or changing B's profile, photos or
// analytics (the API takes no business id, and one smuggled into a body changes nothing), the
// profile beacons counted once per client and day, LEAD_GENERATED on a paid distribution, and the
// analytics series exact from fixed rows.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../src/domain/profile-rules.ts';
import { DEFAULT_BUSINESS_HOURS, type TBusinessProfileInput } from '../../src/schemas/business.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { chargeDistribution } from '../../src/server/leads/requests/charge-distribution.ts';
import type { Candidate, LeadRow } from '../../src/server/leads/requests/types.ts';
import { createBusiness, createLead, createUser, giveCard, type BusinessRow } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { callRoute } from '../helpers/api-context.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['UPLOADS_DIR'] = await mkdtemp(path.join(tmpdir(), 'profile-photos-'));
const sql = useTestSql();

type Endpoints = Record<string, Partial<Record<'GET' | 'PUT' | 'POST' | 'DELETE', APIRoute>>>;
let endpoints: Endpoints;

interface Contractor {
  user: SessionUser;
  business: BusinessRow;
}
let a: Contractor;
let b: Contractor;

async function contractor(): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, business };
}

beforeAll(async () => {
  endpoints = {
    '/api/contractor/profile': await import('../../src/pages/api/contractor/profile.ts'),
    '/api/contractor/photos': await import('../../src/pages/api/contractor/photos.ts'),
    '/api/contractor/analytics': await import('../../src/pages/api/contractor/analytics.ts'),
    '/api/analytics/events': await import('../../src/pages/api/analytics/events.ts'),
  };
  a = await contractor();
  b = await contractor();
});

interface CallOptions {
  user?: SessionUser | null;
  body?: unknown;
  form?: FormData;
  type?: string;
  ip?: string;
}

async function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  pathAndQuery: string,
  options: CallOptions = {},
): Promise<Response> {
  const sent =
    options.body === undefined
      ? {}
      : {
          headers: { 'content-type': options.type ?? 'application/json' },
          rawBody: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
        };
  return callRoute(endpoints[new URL(pathAndQuery, 'http://127.0.0.1:4321').pathname]![method]!, {
    method,
    path: pathAndQuery,
    user: options.user ?? null,
    clientAddress: options.ip ?? '203.0.113.9',
    ...(options.form ? { form: options.form } : sent),
  });
}

const valid: TBusinessProfileInput = {
  tagline: 'Honest plumbing since 1998',
  description: 'Family-owned plumbers serving Dayton and Kettering.',
  phone: '(937) 555-0142',
  website: 'https://plumbing.example',
  businessHours: { ...DEFAULT_BUSINESS_HOURS, saturday: { open: '09:00', close: '12:00', closed: false } },
  specialties: ['Water Heaters', 'Drains'],
  serviceZipCodes: ['45402', '45409'],
  responseTimeHours: 4,
  priceRange: '$$$',
};

async function stored(businessId: string) {
  const [row] = await sql`
    select tagline, description, phone, website, business_hours, specialties, service_areas,
           response_time_hours, price_range, images, status, name, owner_id
      from businesses where id = ${businessId}`;
  return row!;
}

async function publishRequests(businessId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from publish_requests
     where entity_type = 'business' and entity_id = ${businessId} and automatic`;
  return row!.n;
}

describe('PUT /api/contractor/profile', () => {
  it("saves every field of the caller's business and records one publish request", async () => {
    const before = await publishRequests(a.business.id);
    const response = await call('PUT', '/api/contractor/profile', { user: a.user, body: valid });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { changed: boolean; profile: Record<string, unknown> };
    expect(answer.changed).toBe(true);
    expect(answer.profile).toMatchObject({ ...valid, unpublishedChanges: before + 1 });
    expect(await stored(a.business.id)).toMatchObject({
      tagline: valid.tagline,
      description: valid.description,
      phone: valid.phone,
      website: valid.website,
      business_hours: valid.businessHours,
      specialties: valid.specialties,
      service_areas: valid.serviceZipCodes,
      response_time_hours: 4,
      price_range: '$$$',
    });
    expect(await publishRequests(a.business.id)).toBe(before + 1);
    const [request] = await sql`
      select reason, requested_by, automatic from publish_requests where entity_id = ${a.business.id} order by id desc limit 1`;
    // Published without waiting for an admin (issue 28).
    expect(request).toMatchObject({ requested_by: a.user.id, automatic: true });

    // GET answers what was saved (a reload shows it).
    const get = await call('GET', '/api/contractor/profile', { user: a.user });
    expect(await get.json()).toMatchObject(valid);
  });

  it('a save that changes nothing asks for no publish', async () => {
    await call('PUT', '/api/contractor/profile', { user: a.user, body: valid });
    const before = await publishRequests(a.business.id);
    const response = await call('PUT', '/api/contractor/profile', { user: a.user, body: valid });
    expect(((await response.json()) as { changed: boolean }).changed).toBe(false);
    expect(await publishRequests(a.business.id)).toBe(before);
  });

  it('clears optional text', async () => {
    const response = await call('PUT', '/api/contractor/profile', {
      user: a.user,
      body: { ...valid, tagline: '', description: ' ', phone: '', website: '' },
    });
    expect(response.status).toBe(200);
    expect(await stored(a.business.id)).toMatchObject({
      tagline: null,
      description: null,
      phone: null,
      website: null,
    });
  });

  it.each<[string, Partial<Record<keyof TBusinessProfileInput, unknown>>, string, string]>([
    ['tagline', { tagline: 'x'.repeat(161) }, 'tagline', PROFILE_MESSAGES.tagline],
    ['description', { description: 'x'.repeat(2001) }, 'description', PROFILE_MESSAGES.description],
    ['phone', { phone: '12345' }, 'phone', PROFILE_MESSAGES.phone],
    [
      'website',
      { website: 'javascript:alert(1)' },
      'website',
      'Please enter a valid website address starting with http:// or https://',
    ],
    [
      'hours',
      {
        businessHours: {
          ...DEFAULT_BUSINESS_HOURS,
          monday: { open: '18:00', close: '08:00', closed: false },
        },
      },
      'businessHours.monday.close',
      PROFILE_MESSAGES.closeBeforeOpen,
    ],
    ['specialties', { specialties: ['x'.repeat(61)] }, 'specialties.0', PROFILE_MESSAGES.specialty],
    ['service ZIP format', { serviceZipCodes: ['4540'] }, 'serviceZipCodes.0', PROFILE_MESSAGES.zip],
    [
      'service ZIP outside our area',
      { serviceZipCodes: ['45402', '90210'] },
      'serviceZipCodes',
      PROFILE_MESSAGES.zipOutside(['90210']),
    ],
    ['response time', { responseTimeHours: 3 }, 'responseTimeHours', PROFILE_MESSAGES.responseTime],
    ['price range', { priceRange: 'cheap' }, 'priceRange', PROFILE_MESSAGES.priceRange],
  ])('refuses a wrong %s with its message and changes nothing', async (_name, change, field, message) => {
    await call('PUT', '/api/contractor/profile', { user: a.user, body: valid });
    const before = await stored(a.business.id);
    const requests = await publishRequests(a.business.id);
    const response = await call('PUT', '/api/contractor/profile', {
      user: a.user,
      body: { ...valid, ...change },
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields: Record<string, string[]> };
    expect(answer.fields[field]?.[0]).toBe(message);
    expect(await stored(a.business.id)).toEqual(before);
    expect(await publishRequests(a.business.id)).toBe(requests);
  });

  it('needs a contractor with a business', async () => {
    const homeowner = await createUser(sql);
    const plain = (await validateSession(sql, (await createSession(sql, homeowner.id)).token))!;
    expect((await call('GET', '/api/contractor/profile', { user: plain })).status).toBe(403);
    expect((await call('GET', '/api/contractor/profile')).status).toBe(401);
    const lonely = await createUser(sql, { roles: ['contractor'] });
    const noBusiness = (await validateSession(sql, (await createSession(sql, lonely.id)).token))!;
    const response = await call('PUT', '/api/contractor/profile', { user: noBusiness, body: valid });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'No business found' });
  });
});

describe('contractor A against B', () => {
  it('A reads only its own profile', async () => {
    await sql`update businesses set tagline = 'B only' where id = ${b.business.id}`;
    const answer = (await (await call('GET', '/api/contractor/profile', { user: a.user })).json()) as Record<
      string,
      unknown
    >;
    expect(answer['tagline']).not.toBe('B only');
    expect(JSON.stringify(answer)).not.toContain(b.business.id);
  });

  it("a PUT naming B's id (or owner) is refused and changes nothing of B's, nor A's", async () => {
    const bBefore = await stored(b.business.id);
    const aBefore = await stored(a.business.id);
    const bRequests = await publishRequests(b.business.id);
    for (const extra of [{ id: b.business.id }, { businessId: b.business.id }, { ownerId: a.user.id }]) {
      const response = await call('PUT', '/api/contractor/profile', {
        user: a.user,
        body: { ...valid, tagline: 'Taken over', ...extra },
      });
      expect(response.status).toBe(400);
    }
    expect(await stored(b.business.id)).toEqual(bBefore);
    expect(await stored(a.business.id)).toEqual(aBefore);
    expect(await publishRequests(b.business.id)).toBe(bRequests);
  });

  it("A cannot delete B's photo", async () => {
    const photo = `/uploads/businesses/${b.business.id}/b-photo.png`;
    await sql`update businesses set images = array_append(images, ${photo}) where id = ${b.business.id}`;
    const response = await call('DELETE', `/api/contractor/photos?url=${encodeURIComponent(photo)}`, {
      user: a.user,
    });
    expect(response.status).toBe(404);
    expect((await stored(b.business.id))['images']).toContain(photo);
  });

  it("A's analytics never include B's rows", async () => {
    await sql`
      insert into analytics (business_id, metric, date, value)
      values (${b.business.id}, 'PHONE_CALLS', (now() at time zone 'utc')::date, 77)
      on conflict (business_id, metric, date) do update set value = 77`;
    const answer = (await (
      await call('GET', '/api/contractor/analytics?days=30', { user: a.user })
    ).json()) as {
      series: Record<string, number[]>;
    };
    expect(answer.series['PHONE_CALLS']!.includes(77)).toBe(false);
  });
});

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function photoForm(bytes: Uint8Array<ArrayBuffer>, name = 'photo.png'): FormData {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'image/png' }));
  return form;
}

describe('profile photos', () => {
  it("uploads into the business's folder, lists it, asks for a publish; deleting unlists it", async () => {
    const requests = await publishRequests(a.business.id);
    const response = await call('POST', '/api/contractor/photos', { user: a.user, form: photoForm(PNG) });
    expect(response.status).toBe(201);
    const { url, images } = (await response.json()) as { url: string; images: string[] };
    expect(url).toMatch(new RegExp(`^/uploads/businesses/${a.business.id}/[0-9a-f-]{36}\\.png$`));
    expect(images).toContain(url);
    expect(await publishRequests(a.business.id)).toBe(requests + 1);
    const removed = await call('DELETE', `/api/contractor/photos?url=${encodeURIComponent(url)}`, {
      user: a.user,
    });
    expect(removed.status).toBe(200);
    expect((await stored(a.business.id))['images']).not.toContain(url);
    expect(await publishRequests(a.business.id)).toBe(requests + 2);
  });

  it("refuses a file that is not an image with the spec's message", async () => {
    const response = await call('POST', '/api/contractor/photos', {
      user: a.user,
      form: photoForm(new TextEncoder().encode('<svg onload="x"/>'), 'x.png'),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: PROFILE_MESSAGES.invalidType });
  });
});

/** Days before today (UTC) as a date. */
const daysAgo = (n: number) => sql`((now() at time zone 'utc')::date - ${n}::int)`;

describe('GET /api/contractor/analytics', () => {
  it('answers one value per day and metric from the rows, 0 elsewhere, the window exact', async () => {
    const owner = await contractor();
    const id = owner.business.id;
    await sql`insert into analytics (business_id, metric, date, value) values (${id}, 'PROFILE_VIEWS', ${daysAgo(0)}, 5)`;
    await sql`insert into analytics (business_id, metric, date, value) values (${id}, 'PROFILE_VIEWS', ${daysAgo(29)}, 2)`;
    await sql`insert into analytics (business_id, metric, date, value) values (${id}, 'PROFILE_VIEWS', ${daysAgo(30)}, 9)`;
    await sql`insert into analytics (business_id, metric, date, value) values (${id}, 'LEAD_GENERATED', ${daysAgo(3)}, 3)`;
    await sql`insert into analytics (business_id, metric, date, value) values (${id}, 'SEARCH_APPEARANCES', ${daysAgo(3)}, 40)`;
    const response = await call('GET', '/api/contractor/analytics?days=30', { user: owner.user });
    expect(response.status).toBe(200);
    const { dates, series } = (await response.json()) as {
      dates: string[];
      series: Record<string, number[]>;
    };
    expect(dates).toHaveLength(30);
    const [today] = await sql<{ d: string }[]>`select ((now() at time zone 'utc')::date)::text as d`;
    expect(dates[29]).toBe(today!.d);
    const views = Array<number>(30).fill(0);
    views[29] = 5;
    views[0] = 2;
    expect(series['PROFILE_VIEWS']).toEqual(views);
    const leads = Array<number>(30).fill(0);
    leads[26] = 3;
    expect(series['LEAD_GENERATED']).toEqual(leads);
    expect(series['SEARCH_APPEARANCES']![26]).toBe(40);
    expect(series['PHONE_CALLS']).toEqual(Array<number>(30).fill(0));
    expect(Object.keys(series).sort()).toEqual([
      'EMAIL_CLICKS',
      'LEAD_GENERATED',
      'PHONE_CALLS',
      'PROFILE_VIEWS',
      'SEARCH_APPEARANCES',
      'WEBSITE_CLICKS',
    ]);
    const week = (await (
      await call('GET', '/api/contractor/analytics?days=7', { user: owner.user })
    ).json()) as {
      dates: string[];
    };
    expect(week.dates).toHaveLength(7);
    expect((await call('GET', '/api/contractor/analytics?days=0', { user: owner.user })).status).toBe(400);
    expect((await call('GET', '/api/contractor/analytics?days=91', { user: owner.user })).status).toBe(400);
    expect((await call('GET', '/api/contractor/analytics?businessId=x', { user: owner.user })).status).toBe(
      400,
    );
  });
});

async function counter(businessId: string, metric: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select coalesce(sum(value), 0)::int as n from analytics
     where business_id = ${businessId} and metric = ${metric} and date = (now() at time zone 'utc')::date`;
  return row!.n;
}

describe('POST /api/analytics/events (the profile beacons)', () => {
  const beacon = (businessId: string, metric: string, ip: string) =>
    call('POST', '/api/analytics/events', { body: { businessId, metric }, type: 'text/plain', ip });

  it('counts each metric once per client and day; another client counts again', async () => {
    const { business } = await contractor();
    for (let i = 0; i < 5; i += 1)
      expect((await beacon(business.id, 'PROFILE_VIEWS', '198.51.100.7')).status).toBe(204);
    expect(await counter(business.id, 'PROFILE_VIEWS')).toBe(1);
    await beacon(business.id, 'PHONE_CALLS', '198.51.100.7');
    await beacon(business.id, 'PHONE_CALLS', '198.51.100.7');
    expect(await counter(business.id, 'PHONE_CALLS')).toBe(1);
    await beacon(business.id, 'PROFILE_VIEWS', '198.51.100.8');
    expect(await counter(business.id, 'PROFILE_VIEWS')).toBe(2);
    // The next day (its marks moved back), the first client counts again.
    await sql`update business_event_marks set day = day - 1 where business_id = ${business.id}`;
    await beacon(business.id, 'PROFILE_VIEWS', '198.51.100.7');
    expect(await counter(business.id, 'PROFILE_VIEWS')).toBe(3);
    // No address is stored, only the day's HMAC.
    const marks = await sql`select client from business_event_marks where business_id = ${business.id}`;
    expect(marks.every((m) => /^[0-9a-f]{64}$/.test(m['client'] as string))).toBe(true);
    expect(JSON.stringify(marks)).not.toContain('198.51.100');
  });

  it('counts concurrent beacons from different clients each once', async () => {
    const { business } = await contractor();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => beacon(business.id, 'EMAIL_CLICKS', `192.0.2.${i + 1}`)),
    );
    expect(await counter(business.id, 'EMAIL_CLICKS')).toBe(10);
  });

  it('refuses a pending business, an unknown id, a server-side metric, an oversized body', async () => {
    const pending = await createBusiness(sql, { status: 'PENDING' });
    expect((await beacon(pending.id, 'PROFILE_VIEWS', '198.51.100.9')).status).toBe(404);
    expect(await counter(pending.id, 'PROFILE_VIEWS')).toBe(0);
    expect(
      (await beacon('00000000-0000-4000-8000-000000000000', 'PROFILE_VIEWS', '198.51.100.9')).status,
    ).toBe(404);
    const { business } = await contractor();
    expect((await beacon(business.id, 'LEAD_GENERATED', '198.51.100.9')).status).toBe(400);
    expect((await beacon(business.id, 'SEARCH_APPEARANCES', '198.51.100.9')).status).toBe(400);
    expect(await counter(business.id, 'LEAD_GENERATED')).toBe(0);
    const big = JSON.stringify({ businessId: business.id, metric: 'PROFILE_VIEWS', pad: 'x'.repeat(400) });
    const response = await call('POST', '/api/analytics/events', { body: big, type: 'text/plain' });
    expect(response.status).toBe(413);
  });
});

describe('LEAD_GENERATED', () => {
  it('is counted in the transaction that marks a distribution paid, once however often it runs', async () => {
    const { business } = await contractor();
    await giveCard(sql, business.id);
    const lead = await createLead(sql);
    const [leadRow] = await sql<LeadRow[]>`select * from leads where id = ${lead.id}`;
    const [card] = await sql<{ customer: string; method: string }[]>`
      select b.stripe_customer_id as customer, m.gateway_payment_method_id as method
        from businesses b join payment_methods m on m.business_id = b.id where b.id = ${business.id}`;
    const candidate = {
      id: business.id,
      name: business.name,
      email: null,
      customerId: card!.customer,
      paymentMethodId: card!.method,
    } as unknown as Candidate;
    const gateway = createSandboxGateway(sql);
    await chargeDistribution(sql, leadRow!, candidate, 1, { gateway });
    await chargeDistribution(sql, leadRow!, candidate, 1, { gateway });
    expect(await counter(business.id, 'LEAD_GENERATED')).toBe(1);
  });
});
