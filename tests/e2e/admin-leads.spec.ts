// The admin leads page in the browser, as the demo admin (a shared session, never the sign-in
// form): a demo lead sold through the pipeline found by its homeowner's e-mail and opened; its
// qualification, its score rule by rule and the pros it went to are shown as the database has
// them; axe finds no violation. (Re-sending is tested through the API in
// tests/integration/admin-leads.test.ts: here it would charge a demo contractor other tests count.)
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

test('an admin opens a demo lead and sees why it qualified, its score rules and its distributions', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const lead = await withSiteDatabase(baseURL!, async (tx) => {
    const [row] = await tx<{ id: string; email: string; name: string; service: string; score: number }[]>`
      select l.id, l.email, l.name, l.project_type as service, l.lead_score as score from leads l
       where l.email like 'demo.request%@example.com' and l.qualification = 'qualified'
       order by l.email limit 1`;
    const pros = await tx<{ name: string }[]>`
      select b.name from lead_distributions d join businesses b on b.id = d.business_id
       where d.lead_id = ${row!.id} and d.payment_status = 'paid' order by d.rank`;
    return { ...row!, pros: pros.map((p) => p.name) };
  });
  expect(lead.pros.length).toBeGreaterThan(0);

  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Leads' }),
  ).toHaveAttribute('aria-current', 'page');
  await hydrated(page, 'LeadsAdmin');
  await page.getByLabel('Search e-mail, name, service, city or ZIP').fill(lead.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const open = page.getByRole('button', { name: `Open the ${lead.service} lead from ${lead.name}` });
  await expect(open).toHaveCount(1);
  await open.click();

  const panel = page.getByRole('region', { name: `${lead.service} lead from ${lead.name}` });
  await expect(panel.getByRole('heading', { name: 'Qualification: Qualified' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: `Score: ${lead.score}` })).toBeVisible();
  const rules = panel.getByRole('table', { name: 'The score rule by rule' });
  await expect(rules.getByRole('row', { name: 'Every request starts at 50' })).toBeVisible();
  await expect(rules.getByRole('row')).toHaveCount(7);
  const pros = panel.getByRole('table', { name: 'The pros this lead went to' });
  for (const name of lead.pros) {
    await expect(
      pros.getByRole('row').filter({ hasText: name }).getByText('Paid', { exact: true }),
    ).toBeVisible();
  }
  await expect(panel.getByRole('button', { name: 'Re-send to the next pro' })).toBeEnabled();

  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
