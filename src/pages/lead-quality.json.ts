// /lead-quality.json: the JSON twin of /lead-quality (issue 27, Must 7), prebuilt from the same
// count of the ledger: each month's all-services line (service null) and each service's, the whole
// window's line (total), with the
// counts and the shares the page shows (whole percentages, null where there is nothing to divide).
import type { APIRoute } from 'astro';
import { LEAD_QUALITY_DEFINITIONS, share, type LeadQualityCounts } from '~/domain/lead-quality';
import { LEAD_QUALITY_PATH } from '~/domain/site-pages';
import { leadQuality } from '~/server/site';

const withShares = (row: LeadQualityCounts) => ({
  ...row,
  shares: {
    provenPhone: share(row.provenPhone, row.leadsSold),
    credited: share(row.credited, row.sales),
    answered: share(row.answered, row.asked),
    hired: share(row.hired, row.answered),
  },
});

export const GET: APIRoute = async ({ site }) => {
  const report = await leadQuality();
  const body = {
    page: new URL(LEAD_QUALITY_PATH, site).href,
    generatedAt: report.generatedAt,
    definitions: LEAD_QUALITY_DEFINITIONS,
    months: report.months,
    rows: report.rows.map(withShares),
    /** Every service over every month shown (the figures /ai quotes); null when nothing was sold. */
    total: report.total && withShares(report.total),
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
