// /lead-quality.json: the JSON twin of /lead-quality (issue 27, Must 7), prebuilt from the same
// count of the ledger: each month's all-services line (service null) and each service's, with the
// counts and the shares the page shows (whole percentages, null where there is nothing to divide).
import type { APIRoute } from 'astro';
import { LEAD_QUALITY_DEFINITIONS, share } from '~/domain/lead-quality';
import { LEAD_QUALITY_PATH } from '~/domain/site-pages';
import { leadQuality } from '~/server/site/lead-quality';

export const GET: APIRoute = async ({ site }) => {
  const report = await leadQuality();
  const body = {
    page: new URL(LEAD_QUALITY_PATH, site).href,
    generatedAt: report.generatedAt,
    definitions: LEAD_QUALITY_DEFINITIONS,
    months: report.months,
    rows: report.rows.map((row) => ({
      ...row,
      shares: {
        provenPhone: share(row.provenPhone, row.leadsSold),
        credited: share(row.credited, row.sales),
        answered: share(row.answered, row.asked),
        hired: share(row.hired, row.answered),
      },
    })),
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
