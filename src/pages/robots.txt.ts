// robots.txt: everything public may be crawled (AI crawlers included); API and back-office routes
// not. /profile is left crawlable: a crawler only ever gets its redirect to /auth, and a blocked
// page fails Lighthouse's SEO audit, which the island pages must pass.
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site).href;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /dashboard',
    'Disallow: /contractor/billing',
    'Disallow: /dev/',
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
