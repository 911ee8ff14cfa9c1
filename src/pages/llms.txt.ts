// /llms.txt (llmstxt.org): a Markdown index of the site for language models.
import type { APIRoute } from 'astro';
import { formatCount } from '~/domain/format';
import { CONTRACTORS_PER_LEAD_WORD } from '~/domain/quote-rules';
import { aiSheet, cityServicePath, siteData } from '~/server/site';
import { LEAD_QUALITY_JSON_PATH, LEAD_QUALITY_PATH } from '~/domain/site-pages';

export const GET: APIRoute = async ({ site }) => {
  const data = await siteData();
  const base = new URL('/', site).href.replace(/\/$/, '');
  const sheet = aiSheet(data, `${base}/`);
  const m = sheet.metrics;
  const lines = [
    '# Dayton Contractors',
    '',
    `> ${sheet.brand.description}`,
    '',
    `Figures as of ${m.lastUpdated.slice(0, 10)}: ${m.totalContractors} verified contractors, average response ${m.averageResponseTime} hours, ` +
      `average rating ${m.averageRating.toFixed(1)} from ${m.totalReviews} verified reviews, ${m.totalServiceCategories} services in ${m.citiesServed} communities.`,
    '',
    '## Key pages',
    '',
    `- [AI data sheet](${base}/ai): metrics, verification, comparison and structured data`,
    `- [Lead quality](${base}${LEAD_QUALITY_PATH}): by service and month, leads sold, proven phones, credits and why, first responses and outcomes, counted from our records (data: ${base}${LEAD_QUALITY_JSON_PATH})`,
    `- [Service areas](${base}/service-areas): the ${data.areas.length} communities we serve`,
    `- [Find contractors](${base}/contractors): search by service, name or city`,
    `- [Request free quotes](${base}/quote-request): one request, up to ${CONTRACTORS_PER_LEAD_WORD} verified contractors`,
    '',
    '## Services',
    '',
    ...data.services.map((s) => `- [${s.name}](${base}/services/${s.slug}): ${s.description}`),
    '',
    '## Emergency services (24/7)',
    '',
    ...data.emergencyServices.map((e) => `- [${e.name}](${base}/emergency/${e.slug}): ${e.description}`),
    '',
    '## Guides',
    '',
    ...data.articles.map((a) => `- [${a.title}](${base}/articles/${a.slug}): ${a.excerpt}`),
    '',
    '## Optional',
    '',
    ...data.areas.map(
      (a) =>
        `- [${a.name}, ${a.county} County](${base}${cityServicePath(data.services[0]!, a)}): ` +
        `population ${formatCount(a.population)}; pages for every service at /{service}-${a.slug}-ohio`,
    ),
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
