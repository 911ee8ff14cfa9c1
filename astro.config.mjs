// @ts-check
// Astro site: static pages by default, server routes opt out with `prerender = false`.
// The adapter is Netlify's when building on Netlify (NETLIFY is set), Node standalone otherwise.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, passthroughImageService } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { INLINE_SCRIPTS } from './src/components/inline-scripts.ts';
import { SITEMAP_URL_LIMIT } from './src/domain/site-pages.ts';
import { supabaseStorage } from './src/server/platform/config/site.ts';
import { MAX_BODY_BYTES } from './src/server/platform/security/body-limits.ts';
import { cspDirectives, scriptHash } from './src/server/platform/security/headers.ts';
import { netlifyHeaders } from './src/server/platform/security/netlify-headers.ts';

const onNetlify = Boolean(process.env.NETLIFY);

/**
 * The twilio SDK's REST domains the SMS port never uses (src/server/platform/sms/twilio-sms.ts calls
 * Verify, Lookups and Messages, which lives in the Api domain; its token manager loads OAuth).
 * Twilio loads each domain lazily
 * on first use, so the others are left out of the function: 7.2 MB instead of 13.1 MB (9.8 MB
 * of it the 40 domains); `npm run check:netlify` loads the kept domains from the function's own
 * copy of the SDK.
 */
const TWILIO_DOMAINS_USED = new Set(['api', 'lookups', 'oauth', 'verify']);
function unusedTwilioFiles() {
  const rest = path.join('node_modules', 'twilio', 'lib', 'rest');
  let entries;
  try {
    entries = readdirSync(rest, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isDirectory() && !TWILIO_DOMAINS_USED.has(e.name))
    .flatMap((e) => {
      const Domain = e.name.charAt(0).toUpperCase() + e.name.slice(1);
      return [`./${rest}/${e.name}/**`, `./${rest}/${Domain}.js`, `./${rest}/${Domain}Base.js`];
    });
}
const site = process.env.SITE_URL ?? process.env.URL ?? 'http://localhost:4321';
const outDir = process.env.ASTRO_OUT_DIR ?? './dist';
// Photos are served from the Storage bucket when uploads go there: pages may show its images.
const storage = supabaseStorage();

/** Signed-in, private and development routes: never in the sitemap. */
const PRIVATE_PATHS =
  /^\/(auth|profile|forgot-password|reset-password|dev|admin|dashboard|contractor\/billing|quote-request\/confirm|quote-request\/responses|review|sandbox)(\/|$)/;

/** The sitemap lists exactly the indexable pages: not the 404 page or a private route, nothing
 * marked noindex, nothing whose canonical URL is another page.
 * @param {string} url
 */
function indexable(url) {
  const pathname = new URL(url).pathname.replace(/\/$/, '') || '/index';
  if (pathname === '/404' || PRIVATE_PATHS.test(pathname)) return false;
  for (const dir of [path.join(outDir, 'client'), outDir]) {
    for (const file of [`${pathname}.html`, `${pathname}/index.html`]) {
      try {
        const html = readFileSync(path.join(dir, file), 'utf8');
        if (html.includes('<meta name="robots" content="noindex"')) return false;
        // A page whose canonical URL is another page (e.g. an alias) is not listed either.
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
        return (
          !canonical ||
          new URL(canonical).pathname === new URL(url).pathname.replace(/\/$/, '') ||
          canonical === url
        );
      } catch {
        // not this file
      }
    }
  }
  return true;
}

/**
 * The mail layout's components (src/server/platform/mail/layout.tsx), bundled into the server so only the
 * few it uses are loaded: the package's index loads every component, Tailwind and Prism
 * included (half a second at start). Server-only: no island imports them.
 */
const REACT_EMAIL = ['@react-email/components', /^@react-email\//];

export default defineConfig({
  site,
  outDir,
  trailingSlash: 'never',
  // 'preserve': pages/x.astro -> x.html, pages/x/index.astro -> x/index.html, so /articles (a
  // folder of detail pages with its own index) is served by our Node server as well.
  build: { format: 'preserve', concurrency: 4 },
  // Imported only on Netlify: the Netlify adapter loads Netlify's dev tooling (function
  // bundler, dependency tracer), about 0.7 s of every local build otherwise.
  // Both adapters take each prebuilt page's Content-Security-Policy as a header of that page
  // (`staticHeaders`) instead of a <meta> tag, which cannot carry frame-ancestors or report-to:
  // Netlify's into its CDN configuration, Node's into _headers.json, which our server
  // (scripts/lib/site-server.ts) reads. Node's adapter runs as middleware inside that server,
  // which also serves the files and sets the headers every answer carries.
  adapter: onNetlify
    ? (await import('@astrojs/netlify')).default({
        devFeatures: { environmentVariables: false, images: false, edgeFunctions: false },
        imageCDN: false,
        staticHeaders: true,
        // iceberg-js (storage-js's dependency) stays external; its CommonJS copy is never loaded.
        excludeFiles: ['./node_modules/iceberg-js/dist/*.cjs', ...unusedTwilioFiles()],
      })
    : node({ mode: 'middleware', staticHeaders: true, bodySizeLimit: MAX_BODY_BYTES }),
  // No page is Markdown rendered by Astro (articles are rendered and sanitised by the seed), and
  // Shiki's inline styles could not pass the Content-Security-Policy anyway.
  markdown: { syntaxHighlight: false },
  // Images are prepared ahead of time (demo placeholders, uploads resized on arrival), so the
  // server needs no image service: this keeps sharp's native binaries out of the function.
  image: { service: passthroughImageService() },
  // React 19 islands (.tsx only); @vitejs/plugin-react turns their JSX with Vite's own (native)
  // transform, no Babel.
  integrations: [
    react({ include: [/\.tsx$/] }),
    // Split at the protocol's 50,000 URLs a file (the integration's default is 45,000).
    sitemap({ filter: indexable, entryLimit: SITEMAP_URL_LIMIT }),
    ...(onNetlify ? [netlifyHeaders()] : []),
  ],
  server: { host: '127.0.0.1', port: 4321 },
  security: {
    // The middleware checks every state-changing request's Origin against the site's configured
    // origin; Astro's own check compares it with the request URL, which trusts the Host header
    // and reads http behind a TLS proxy (docs/decisions.md, issue 12).
    checkOrigin: false,
    csp: {
      directives: cspDirectives(storage ? new URL(storage.url).origin : null),
      // Astro hashes the scripts and styles it bundles; the inline scripts are hashed here.
      scriptDirective: { hashes: INLINE_SCRIPTS.map(scriptHash) },
    },
  },
  vite: {
    // Whether this server bundle runs on Netlify: Netlify's functions are not told at run time
    // (only URL, SITE_NAME and SITE_ID are set there), so the build says it (src/server/jobs/runner.ts).
    define: { __BUILT_FOR_NETLIFY__: JSON.stringify(onNetlify) },
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    // On Netlify the server's large pure-JavaScript libraries are bundled into the function and
    // the server code is minified (below), instead of copying the packages whole from
    // node_modules: React's development builds, zod's unused locales and versions, and the
    // CommonJS copies go, which keeps the function under its 5 MB budget (3.5 MB; it was 6.95 MB
    // with React and supabase-js copied whole). React and everything that imports it (the
    // nanostores hook) are bundled together, or the server would hold two copies of React.
    ...(onNetlify
      ? {
          ssr: {
            noExternal: [
              'react',
              'react-dom',
              'scheduler',
              /^@nanostores\//,
              'nanostores',
              // The islands' data layer (issue 29) imports React: bundled with it, or the function
              // would carry it whole (0.77 MB) and load a second React beside the bundled one.
              /^@tanstack\//,
              'zod',
              /^@supabase\//,
              'stripe',
              // Bundled for what the server uses of them: one copy (not the ESM and CommonJS
              // builds side by side), minified with the rest.
              'jose',
              'libphonenumber-js',
              'marked',
              ...REACT_EMAIL,
              // The second factor and the password policy (issue 26): passkeys with the X.509 and
              // CBOR parsers they load, the authenticator app and its QR code, and the strength
              // check with its common-password dictionary (2.9 MB copied whole, with the ESM and
              // CommonJS builds of each side by side). The browser's passkey library is only ever
              // imported by the islands on a click, never on the server.
              /^@simplewebauthn\//,
              /^@peculiar\//,
              'asn1js',
              'pvtsutils',
              'pvutils',
              'tsyringe',
              'reflect-metadata',
              /^@levischuck\//,
              /^@hexagon\//,
              /^@zxcvbn-ts\//,
              'fastest-levenshtein',
              'otpauth',
              'qrcode',
              'pngjs',
              'dijkstrajs',
              // The job queue (issue 28): pg-boss, and what it loads (the `pg` driver it never uses
              // here, it speaks through postgres.js; cron parsing with luxon; its PGlite adapter's
              // file, which would otherwise be copied and count as PGlite in the function).
              'pg-boss',
              'cron-parser',
              'luxon',
              'rrule-temporal',
              'temporal-spec',
              'serialize-error',
              'non-error',
              'pg',
              /^pg-(pool|protocol|types|int8|connection-string|cloudflare)$/,
              'pgpass',
              /^postgres-(array|bytea|date|interval)$/,
              'split2',
              'xtend',
              /^@opentelemetry\//,
            ],
          },
        }
      : { ssr: { noExternal: REACT_EMAIL } }),
    environments: {
      // Astro builds the server unminified; rolldown's own output option minifies the function.
      ...(onNetlify ? { ssr: { build: { rolldownOptions: { output: { minify: true } } } } } : {}),
      client: {
        build: {
          rolldownOptions: {
            output: {
              // React's runtime (react, react-dom, scheduler, Astro's hydration client) in one chunk
              // every island page shares and caches, and the schema library in another.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|@astrojs[\\/]react[\\/]dist[\\/]client/,
                  },
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                ],
              },
            },
          },
        },
      },
    },
  },
});
