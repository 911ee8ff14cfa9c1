// @ts-check
// Astro site: static pages by default, server routes opt out with `prerender = false`.
// The adapter is Netlify's when building on Netlify (NETLIFY is set), Node standalone otherwise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, passthroughImageService } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';

const onNetlify = Boolean(process.env.NETLIFY);
const site = process.env.SITE_URL ?? process.env.URL ?? 'http://localhost:4321';
const outDir = process.env.ASTRO_OUT_DIR ?? './dist';

/** Signed-in, private and development routes: never in the sitemap. */
const PRIVATE_PATHS =
  /^\/(auth|profile|forgot-password|reset-password|dev|admin|dashboard|contractor\/billing)(\/|$)/;

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

/** @astrojs/preact always hands @preact/preset-vite a Babel configuration, and the preset then
 * runs the modules it includes through Babel (every .ts/.tsx module without `include`: 0.8 s of
 * a build). Vite's built-in oxc transform does the same JSX-to-`preact/jsx-runtime` rewrite
 * natively (the island bundles came out byte-identical), so builds switch the preset's Babel
 * transform off; the dev server keeps it for the islands (hook names for the Preact devtools).
 * Babel options given to preact({ babel }) would therefore apply in dev only: there are none.
 * @returns {import('vite').Plugin}
 */
function preactJsxWithoutBabel() {
  return {
    name: 'preact-jsx-without-babel',
    apply: 'build',
    configResolved(config) {
      const babel = config.plugins.find((plugin) => plugin.name === 'vite:preact-jsx');
      if (!babel) throw new Error('preactJsxWithoutBabel: @preact/preset-vite JSX plugin not found');
      delete babel.transform;
    },
  };
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
        // The function imports these packages as ES modules only; their CommonJS copies are
        // 1.9 MB the tracer would otherwise ship (budget 5 MB; see scripts/check-netlify.ts).
        excludeFiles: ['./node_modules/stripe/cjs/**', './node_modules/zod/**/*.cjs'],
      })
    : node({ mode: 'standalone' }),
  // Images are prepared ahead of time (demo placeholders, uploads resized on arrival), so the
  // server needs no image service: this keeps sharp's native binaries out of the function.
  image: { service: passthroughImageService() },
  // Only the islands (.tsx) are Preact's: its renderer and, in dev, its Babel JSX transform
  // (see preactJsxWithoutBabel) leave every other module alone.
  integrations: [preact({ include: [/\.tsx$/] }), sitemap({ filter: indexable })],
  server: { host: '127.0.0.1', port: 4321 },
  security: { checkOrigin: true },
  vite: {
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    // JSX for Preact by Vite's own (native) transform in builds; see preactJsxWithoutBabel.
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    plugins: [preactJsxWithoutBabel()],
  },
});
