// On Netlify the prebuilt pages and files are served by its CDN, which runs none of our code: their
// headers come from the deploy's configuration. The Netlify adapter writes each page's
// Content-Security-Policy (with Astro's hashes for that page) into .netlify/v1/config.json
// (`staticHeaders`); this integration writes the headers every file gets into the `_headers`
// file of the published folder. Answers of the function get the same headers from the middleware.
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { securityHeaders } from './headers.ts';

/** Header names as they read in a `_headers` file. */
const title = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/** The `_headers` file: every path gets the security headers (Netlify serves HTTPS only). */
export function netlifyHeadersFile(): string {
  const lines = Object.entries(securityHeaders({ secure: true })).map(
    ([name, value]) => `  ${title(name)}: ${value}`,
  );
  return `/*\n${lines.join('\n')}\n`;
}

export function netlifyHeaders(): AstroIntegration {
  return {
    name: 'dayton-contractors:netlify-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        await writeFile(new URL('_headers', dir), netlifyHeadersFile());
        logger.info('Wrote _headers (the security headers of every prebuilt file)');
      },
    },
  };
}
