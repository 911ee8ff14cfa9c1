// The demo homeowner's inbox (issue 25): homeowner@example.com's two requests sold through the
// real pipeline, one with two quotes and a message thread (a photo included), one with an
// accepted quote whose contractor's contact is shown; a second run adds nothing.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOMEOWNER_EMAIL } from '../../scripts/lib/demo-data.ts';
import { seedDemoInbox } from '../../scripts/lib/seed-demo-inbox.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { homeownerRequests, requestView } from '../../src/server/leads/inbox/index.ts';
import { createBusiness, createUser, giveCard } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
const uploads = mkdtempSync(join(tmpdir(), 'demo-inbox-'));

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  for (const [name, services] of [
    ['Able Plumbing', ['plumbing']],
    ['Best Plumbing', ['plumbing']],
    ['Volt Electric', ['electrical']],
  ] as const) {
    const b = await createBusiness(sql, { name, serviceAreas: ['45410'], services: [...services] });
    await giveCard(sql, b.id);
  }
  await createUser(sql, { email: DEMO_HOMEOWNER_EMAIL, fullName: 'Jordan Miller' });
  mkdirSync(join(uploads, 'demo'), { recursive: true });
  writeFileSync(join(uploads, 'demo', 'plumbing-1.webp'), 'placeholder');
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

describe('seedDemoInbox', () => {
  it('gives the demo homeowner requests with quotes, messages and an accepted contact, once', async () => {
    expect(await seedDemoInbox(sql, uploads)).toEqual({ requests: 2, messages: 3 });
    const [user] = await sql<{ id: string }[]>`select id from users where email = ${DEMO_HOMEOWNER_EMAIL}`;
    const list = await homeownerRequests(sql, user!.id);
    expect(list.map((r) => [r.projectType, r.status, r.quotes])).toEqual([
      ['Plumbing', 'quoted', 2],
      ['Electrical', 'accepted', 1],
    ]);
    expect(list[0]!.unread).toBe(1);
    const plumbing = (await requestView(sql, list[0]!.id))!;
    const thread = Object.values(plumbing.threads).find((t) => t.length > 0)!;
    expect(thread.map((m) => m.author)).toEqual(['homeowner', 'contractor', 'homeowner']);
    expect(thread[1]!.photo).toBe('/uploads/messages/demo-disposal-photo.webp');
    const electrical = (await requestView(sql, list[1]!.id))!;
    expect(electrical.contact?.name).toBe('Volt Electric');

    expect(await seedDemoInbox(sql, uploads)).toEqual({ requests: 0, messages: 0 });
  });
});
