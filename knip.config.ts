// knip (in `npm run lint`): no file, export or dependency that nothing uses. Its plugins find the
// entries of Astro, Vitest, Playwright, ESLint and the npm scripts; these are the ones they cannot.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Run as child processes by path, not imported: the Node server (npm run preview, the fault
    // checks), the alert bench's measuring child, and the preload that binds netlify-cli to 127.0.0.1.
    'scripts/serve.ts',
    'bench/alerts-child.ts',
    'tests/netlify/loopback.mjs',
    // Netlify's functions, one a scheduled job (netlify.toml points the build at the folder).
    'netlify/functions/*.mts',
  ],
  // A plain script the prebuilt pages load (/account-menu.js), not a module.
  ignore: ['public/account-menu.js'],
  // Run with npx by tests/netlify/serve-smoke.ts (`netlify serve`), never imported.
  ignoreDependencies: ['netlify-cli'],
};

export default config;
