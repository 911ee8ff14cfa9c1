// Publishing benchmark (issue 15): the embedded default's publish, timed from the admin's
// POST /api/admin/publish to the changed page served by the running server (a business renamed in
// the database, its profile page polled every 250 ms), while a loop of requests (the home page, a
// city-service page, the search API, every 50 ms) counts what it was answered and every error.
// The site is built and served as by npm start: a fresh in-memory embedded database with the demo
// data, `astro build` into dist-bench/, our Node server (scripts/serve.ts) in its own process.
// First (issue 28) BENCH_PUBLISH_SAVES saves of the demo contractor's profile (default 1; each
// after the first also waits the automatic publish's 5-minute gap), each timed from the PUT to the
// new tagline on its profile page: the debounce, the build, the switch. Then BENCH_PUBLISH_RUNS
// publishes in a row (default 1: each is a full `astro build`).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ZBusinessProfile } from '../src/schemas/business.ts';
import { createSql } from '../src/server/platform/db/client.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { PUBLISH_DEBOUNCE_MS } from '../src/server/platform/publish/automatic-publish.ts';
import { requestPublish } from '../src/server/platform/publish/request-publish.ts';
import { ROOT } from '../scripts/lib/database.ts';
import { DEMO_PASSWORD } from '../scripts/lib/demo-data.ts';
import { freePort, startEmbeddedDb } from '../scripts/lib/embedded-db.ts';
import { BIN, run, SITE_SERVER, startLongRunning, waitForOk } from '../scripts/lib/processes.ts';
import { signedInCookie } from '../scripts/lib/production-site.ts';
import { seed } from '../scripts/lib/seed.ts';
import type { Measurement } from './foundation.ts';

const RUNS = Math.max(1, Number(process.env['BENCH_PUBLISH_RUNS'] ?? 1));
/** A contractor's saves timed to the page served (each waits the debounce and a build). */
const SAVES = Math.max(1, Number(process.env['BENCH_PUBLISH_SAVES'] ?? 1));

/** The profile's editable fields as GET /api/contractor/profile answers them, for a PUT. */
function profileInput(profile: Record<string, unknown>): Record<string, unknown> {
  // Empty text comes back as null; the form sends it as ''.
  return Object.fromEntries(Object.keys(ZBusinessProfile.shape).map((f) => [f, profile[f] ?? '']));
}
const LOOP_PATHS = ['/', '/plumbing-dayton-ohio', '/api/search?search=plumbing'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function publishBench(): Promise<Measurement[]> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const outDir = path.join(ROOT, 'dist-bench');
  const database = await startEmbeddedDb({ dataDir: 'memory://', port: await freePort() });
  const sql = createSql(database.url, { max: 1 });
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    EMBEDDED_DB: '1',
    UPLOADS_DIR: path.join(ROOT, '.scratch', 'bench-publish-uploads'),
    ASTRO_OUT_DIR: outDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: origin,
  };
  let server: ReturnType<typeof startLongRunning> | null = null;
  try {
    await migrate(sql);
    await seed(sql, { demo: true, uploadsDir: env.UPLOADS_DIR });
    console.log('publish bench: the first build...');
    await run(path.join(BIN, 'astro'), ['build'], env);
    server = startLongRunning(SITE_SERVER.command, [...SITE_SERVER.args], env);
    await waitForOk(`${origin}/`);

    // The demo admin signs in with the authenticator app's second step (issue 26).
    const cookie = await signedInCookie(origin, 'admin@example.com', DEMO_PASSWORD);

    // First (issue 28), while no publish has run (the automatic one waits AUTO_PUBLISH_GAP_MS after
    // any run): a contractor's own save; nobody presses Publish. The save schedules the automatic
    // publish (PUBLISH_DEBOUNCE_MS after the last automatic change), the server rebuilds, and the
    // profile page shows the new tagline.
    const contractor = await signedInCookie(origin, 'contractor@example.com', DEMO_PASSWORD);
    const profile = (await (
      await fetch(`${origin}/api/contractor/profile`, { headers: { cookie: contractor } })
    ).json()) as Record<string, unknown>;
    const [own] = await sql<{ slug: string }[]>`
      select b.slug from businesses b join users u on u.id = b.owner_id where u.email = 'contractor@example.com'`;
    const saves: number[] = [];
    for (let i = 1; i <= SAVES; i += 1) {
      const tagline = `Bench save ${i}: tidy work, fair prices`;
      const started = performance.now();
      const saved = await fetch(`${origin}/api/contractor/profile`, {
        method: 'PUT',
        headers: { cookie: contractor, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ ...profileInput(profile), tagline }),
      });
      if (saved.status !== 200)
        throw new Error(`PUT /api/contractor/profile answered ${saved.status}: ${await saved.text()}`);
      for (;;) {
        const page = await (await fetch(`${origin}/contractor/${own!.slug}`)).text();
        if (page.includes(tagline)) break;
        if (performance.now() - started > 10 * 60_000)
          throw new Error('the saved tagline was not served within 10 minutes');
        await new Promise((r) => setTimeout(r, 500));
      }
      saves.push((performance.now() - started) / 1000);
      console.log(`save ${i}: the profile page showed it after ${saves.at(-1)!.toFixed(1)} s`);
    }

    const [business] = await sql<{ id: string; name: string; slug: string }[]>`
      select id, name, slug from businesses where status = 'ACTIVE' and name ~ '^[A-Za-z0-9 ]+$' order by slug limit 1`;
    const times: number[] = [];
    let answers = 0;
    const failures: string[] = [];
    for (let i = 1; i <= RUNS; i += 1) {
      const name = `${business!.name} ${i}`;
      await sql.begin(async (tx) => {
        await tx`update businesses set name = ${name}, updated_at = now() where id = ${business!.id}`;
        await requestPublish(tx, {
          reason: 'bench',
          entityType: 'business',
          entityId: business!.id,
          requestedBy: null,
        });
      });
      const state = { stopped: false };
      const loop = (async () => {
        while (!state.stopped) {
          await Promise.all(
            LOOP_PATHS.map(async (p) => {
              try {
                const res = await fetch(origin + p, { redirect: 'manual' });
                await res.arrayBuffer();
                answers += 1;
                if (res.status >= 400) failures.push(`${p}: ${res.status}`);
              } catch (error) {
                failures.push(`${p}: ${String(error)}`);
              }
            }),
          );
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const started = performance.now();
      const answer = await fetch(`${origin}/api/admin/publish`, {
        method: 'POST',
        headers: { cookie, origin },
      });
      if (answer.status !== 202) throw new Error(`POST /api/admin/publish answered ${answer.status}`);
      const { id } = (await answer.json()) as { id: number };
      for (;;) {
        const page = await (await fetch(`${origin}/contractor/${business!.slug}`)).text();
        // Astro marks the heading with its style scope: <h1 data-astro-cid-…>.
        if (new RegExp(`<h1[^>]*>${name}</h1>`).test(page)) break;
        const status = (await (
          await fetch(`${origin}/api/admin/publish`, { headers: { cookie } })
        ).json()) as { runs: { id: number; status: string; logTail: string | null }[] };
        const mine = status.runs.find((r) => r.id === id);
        if (mine?.status === 'failed') throw new Error(`the publish failed:\n${mine.logTail ?? ''}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      times.push((performance.now() - started) / 1000);
      state.stopped = true;
      await loop;
      console.log(`publish ${i}: the new page served after ${times.at(-1)!.toFixed(1)} s`);
    }
    const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
    return [
      {
        name: "A contractor's save to its profile page served (automatic publish, local rebuild)",
        value: median(saves),
        unit: 's',
        note: `${SAVES === 1 ? '1 save' : `median of ${SAVES} (${saves.map((t) => t.toFixed(1)).join(', ')})`}: the ${PUBLISH_DEBOUNCE_MS / 1000} s debounce, then the build and the switch; load average ${load} at the end`,
      },
      {
        name: 'Publish to the changed page served (local rebuild)',
        value: median(times),
        unit: 's',
        note: `${RUNS === 1 ? '1 run' : `median of ${RUNS} (${times.map((t) => t.toFixed(1)).join(', ')})`}; load average ${load} at the end`,
      },
      {
        name: 'Requests answered during the publishes',
        value: answers,
        unit: 'requests',
        note: `${LOOP_PATHS.join(', ')} every 50 ms`,
      },
      {
        name: 'Errors during the publishes (non-2xx/3xx or no connection)',
        value: failures.length,
        unit: 'errors',
        note: failures.slice(0, 3).join('; '),
      },
    ];
  } finally {
    await server?.stop();
    await sql.end();
    await database.stop();
    await rm(outDir, { recursive: true, force: true });
    await rm(`${outDir}-builds`, { recursive: true, force: true });
    await rm(env.UPLOADS_DIR, { recursive: true, force: true });
  }
}
