// Lead quality, published (issue 27, Must 7), as built: the page shows, for each month, the same
// figures as its JSON twin (both prebuilt from one count of the ledger, which
// tests/integration/lead-quality.test.ts checks against the ledger itself); it reads on a phone
// (the service table scrolls sideways, by keyboard too) and passes axe; /ai and /llms.txt point to it.
import AxeBuilder from '@axe-core/playwright';
import { qualityCells, type LeadQualityCounts } from '../../src/domain/lead-quality.ts';
import { formatMonth } from '../../src/domain/format.ts';
import { expect, test } from '../helpers/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('the page shows the JSON twin’s figures, month by month and service by service', async ({
  page,
  request,
}) => {
  const twin = (await (await request.get('/lead-quality.json')).json()) as {
    months: string[];
    rows: LeadQualityCounts[];
  };
  // The demo's sales are in these months: there is something to show.
  expect(twin.months.length).toBeGreaterThan(0);
  await page.goto('/lead-quality');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead quality, published');
  for (const month of twin.months) {
    const section = page.getByRole('region', { name: formatMonth(month), exact: true });
    const all = qualityCells(twin.rows.find((r) => r.month === month && r.service === null)!);
    const tiles = section.getByRole('definition');
    await expect(tiles).toHaveText([
      all.leadsSold,
      all.provenPhone,
      all.credited,
      all.medianFirstResponse,
      all.answered,
      all.hired,
    ]);
    const table = section.getByRole('table', { name: `${formatMonth(month)} by service` });
    const services = twin.rows.filter((r) => r.month === month && r.service !== null);
    await expect(table.locator('tbody tr')).toHaveCount(services.length);
    for (const row of services) {
      const cells = qualityCells(row);
      await expect(
        table.getByRole('row', { name: new RegExp(`^${row.service!.name} `) }).getByRole('cell'),
      ).toHaveText([
        cells.leadsSold,
        cells.provenPhone,
        cells.creditedWhy ? `${cells.credited} (${cells.creditedWhy})` : cells.credited,
        cells.medianFirstResponse,
        cells.answered,
        cells.hired,
      ]);
    }
  }
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // The page itself never scrolls sideways on a phone; the service table scrolls in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const scroller = page.getByRole('region', { name: `${formatMonth(twin.months[0]!)} by service` });
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('/ai and /llms.txt point to the published figures', async ({ page, request }) => {
  await page.goto('/ai');
  const section = page.getByRole('region', { name: 'Lead Quality' });
  await expect(section).toContainText(/leads sold; \d+% with a phone proven by a code/);
  await expect(section.getByRole('link', { name: 'lead quality, published' })).toHaveAttribute(
    'href',
    '/lead-quality',
  );
  const llms = await (await request.get('/llms.txt')).text();
  expect(llms).toContain('[Lead quality](');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Lead Quality' })).toHaveAttribute(
    'href',
    '/lead-quality',
  );
});
