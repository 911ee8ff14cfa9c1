// The Payments tab's lead limits for the demo contractor: a wrong cap refused with its message, a
// weekly cap, a monthly cap and the pause switch saved and kept over a reload with the figures
// shown against them; axe finds nothing. The demo contractor's limits are put back afterwards, as
// other tests sell it leads.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAs } from '../helpers/e2e-session.ts';
import { expect, test } from '../helpers/test.ts';

async function openLimits(page: Page) {
  await signInAs(page, 'contractor', test.info().project.use.baseURL!);
  await page.goto('/dashboard?tab=payments');
  const limits = page.getByRole('region', { name: 'Lead limits' });
  await expect(limits.getByRole('button', { name: 'Save limits' })).toBeVisible();
  return limits;
}

test('a weekly cap, a monthly cap and the pause switch are saved and kept over a reload', async ({
  page,
}) => {
  let limits = await openLimits(page);
  const original = {
    monthly: await limits.getByLabel('Monthly spend cap (dollars)').inputValue(),
    weekly: await limits.getByLabel('Weekly lead cap (leads)').inputValue(),
    paused: await limits.getByRole('checkbox', { name: 'Pause new leads' }).isChecked(),
  };
  try {
    await limits.getByLabel('Weekly lead cap (leads)').fill('0');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await expect(limits.getByText(/^Enter a whole number of leads from 1 to 10,000/)).toBeVisible();
    await expect(limits.getByLabel('Weekly lead cap (leads)')).toHaveAttribute('aria-invalid', 'true');

    await limits.getByLabel('Weekly lead cap (leads)').fill('400');
    await limits.getByLabel('Monthly spend cap (dollars)').fill('25000');
    await limits.getByRole('checkbox', { name: 'Pause new leads' }).check();
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await expect(limits.getByRole('status')).toHaveText('Your lead limits are saved.');
    await expect(
      limits.getByText('New leads are paused: you are not sent or charged for any lead.'),
    ).toBeVisible();

    await page.reload();
    limits = page.getByRole('region', { name: 'Lead limits' });
    await expect(limits.getByLabel('Weekly lead cap (leads)')).toHaveValue('400');
    await expect(limits.getByLabel('Monthly spend cap (dollars)')).toHaveValue('25000');
    await expect(limits.getByRole('checkbox', { name: 'Pause new leads' })).toBeChecked();
    await expect(limits.getByText(/^\d+ of 400$/)).toBeVisible();
    await expect(limits.getByText(/^\$[\d,]+\.\d\d of \$25,000\.00$/)).toBeVisible();

    await page.waitForLoadState('networkidle');
    await limits.screenshot({ path: test.info().outputPath('spend-limits.png') });
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  } finally {
    limits = page.getByRole('region', { name: 'Lead limits' });
    await limits.getByLabel('Weekly lead cap (leads)').fill(original.weekly);
    await limits.getByLabel('Monthly spend cap (dollars)').fill(original.monthly);
    await limits.getByRole('checkbox', { name: 'Pause new leads' }).setChecked(original.paused);
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await expect(limits.getByRole('status')).toHaveText('Your lead limits are saved.');
  }
});
