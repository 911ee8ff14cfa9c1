import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { migrate, MIGRATIONS_DIR } from '../../src/server/platform/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

describe('migration runner', () => {
  let database: TestDatabase;
  let sql: Sql;
  let files: string[];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    sql = createSql(database.url);
    files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  });
  afterAll(async () => {
    await sql.end();
    await database.drop();
  });

  it('applies every migration once, then nothing the second time', async () => {
    const first = await migrate(sql);
    expect(first.applied).toHaveLength(files.length);
    expect(first.skipped).toEqual([]);
    const second = await migrate(sql);
    expect(second.applied).toEqual([]);
    expect(second.skipped).toHaveLength(files.length);
    const [count] = await sql<{ n: number }[]>`select count(*)::int as n from schema_migrations`;
    expect(count?.n).toBe(files.length);
  });

  it('creates every table the spec and the platform need', async () => {
    const rows = await sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public'`;
    const tables = rows.map((r) => r.table_name);
    for (const t of [
      'users',
      'profiles',
      'user_roles',
      'sessions',
      'auth_tokens',
      'rate_limits',
      'services',
      'service_areas',
      'emergency_services',
      'emergency_service_aliases',
      'articles',
      'seo_pages',
      'seo_page_articles',
      'businesses',
      'business_services',
      'portfolio_items',
      'reviews',
      'contractor_photos',
      'google_places_data',
      'search_analytics',
      'analytics',
      'leads',
      'lead_distributions',
      'lead_communications',
      'payment_methods',
      'payment_transactions',
      'subscriptions',
      'mail_outbox',
      'audit_log',
      'app_meta',
    ]) {
      expect(tables).toContain(t);
    }
    // The first schema's own job queue, replaced by pg-boss and dropped (20261130000700).
    expect(tables).not.toContain('jobs');
    expect(tables).not.toContain('job_attempts');
  });

  it('refuses an already-applied migration whose file was edited', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      const target = path.join(dir, files[0]!);
      await writeFile(target, `${await readFile(target, 'utf8')}\n-- edited\n`);
      await expect(migrate(sql, dir)).rejects.toThrow(/was changed after it was applied/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('applies a new migration and rolls back a failing one entirely', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      await writeFile(path.join(dir, '99990101000000_extra.sql'), 'create table extra_ok (id int);');
      await writeFile(
        path.join(dir, '99990101000001_broken.sql'),
        'create table extra_partial (id int);\nselect * from no_such_table;',
      );
      await expect(migrate(sql, dir)).rejects.toThrow(/no_such_table/);
      const [row] = await sql`select to_regclass('extra_ok') as ok, to_regclass('extra_partial') as partial`;
      expect(row?.['ok']).not.toBeNull();
      expect(row?.['partial']).toBeNull();
      const versions = await sql`select version from schema_migrations where version like '9999%'`;
      expect(versions.map((v) => String(v['version']))).toEqual(['99990101000000']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('two runners at once', () => {
  it('apply each migration exactly once', async () => {
    const database = await createTestDatabase({ migrate: false });
    const a = createSql(database.url);
    const b = createSql(database.url);
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      const total = ra.applied.length + rb.applied.length;
      const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'));
      expect(total).toBe(files.length);
    } finally {
      await a.end();
      await b.end();
      await database.drop();
    }
  });
});

describe("a Supabase host's Data API roles", () => {
  it('can read and write nothing, even with the default grants Supabase gives them', async () => {
    const database = await createTestDatabase({ migrate: false });
    const sql = createSql(database.url, { max: 1 });
    try {
      // What a Supabase project starts with: the API roles, and default grants on new tables.
      for (const role of ['anon', 'authenticated']) {
        await sql.unsafe(`
          do $$ begin
            if not exists (select 1 from pg_roles where rolname = '${role}') then create role ${role} nologin; end if;
          end $$`);
        await sql.unsafe(`grant usage on schema public to ${role}`);
        await sql.unsafe(`alter default privileges in schema public grant all on tables to ${role}`);
      }
      await migrate(sql);
      const conn = await sql.reserve();
      try {
        await conn`set role anon`;
        await expect(conn`select count(*) from users`).rejects.toThrow(/permission denied/);
        await conn`set role authenticated`;
        await expect(conn`update articles set body_html = '<script>alert(1)</script>'`).rejects.toThrow(
          /permission denied/,
        );
      } finally {
        await conn`reset role`;
        conn.release();
      }
    } finally {
      await sql.end();
      await database.drop();
    }
  });
});
