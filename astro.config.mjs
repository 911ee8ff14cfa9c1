// @ts-check
// Astro site: static pages by default, server routes opt out with `prerender = false`.
// The adapter is Netlify's when building on Netlify (NETLIFY is set), Node standalone otherwise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, passthroughImageService } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';

const onNetlify = Boolean(process.env.NETLIFY);
const site = process.env.SITE_URL ?? process.env.URL ?? 'http://localhost:4321';
const outDir = process.env.ASTRO_OUT_DIR ?? './dist';

/** Signed-in, private and development routes: never in the sitemap. */
const PRIVATE_PATHS =
  /^\/(auth|profile|forgot-password|reset-password|dev|admin|dashboard|contractor\/billing|quote-request\/confirm)(\/|$)/;

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

export default defineConfig({
  site,
  outDir,
  trailingSlash: 'never',
  // 'preserve': pages/x.astro -> x.html, pages/x/index.astro -> x/index.html, so /articles (a
  // folder of detail pages with its own index) is served by the Node adapter as well.
  build: { format: 'preserve', concurrency: 4 },
  // Imported only on Netlify: the Netlify adapter loads Netlify's dev tooling (function
  // bundler, dependency tracer), about 0.7 s of every local build otherwise.
  adapter: onNetlify
    ? (await import('@astrojs/netlify')).default({
        devFeatures: { environmentVariables: false, images: false, edgeFunctions: false },
        imageCDN: false,
        // iceberg-js (storage-js's dependency) stays external; its CommonJS copy is never loaded.
        excludeFiles: ['./node_modules/iceberg-js/dist/*.cjs'],
      })
    : node({ mode: 'standalone' }),
  // Images are prepared ahead of time (demo placeholders, uploads resized on arrival), so the
  // server needs no image service: this keeps sharp's native binaries out of the function.
  image: { service: passthroughImageService() },
  // React 19 islands (.tsx only); @vitejs/plugin-react turns their JSX with Vite's own (native)
  // transform, no Babel.
  integrations: [react({ include: [/\.tsx$/] }), sitemap({ filter: indexable })],
  server: { host: '127.0.0.1', port: 4321 },
  security: { checkOrigin: true },
  vite: {
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
              'zod',
              /^@supabase\//,
              'stripe',
            ],
          },
        }
      : {}),
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
