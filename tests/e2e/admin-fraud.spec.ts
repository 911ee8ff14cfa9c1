// The admin fraud queue in the browser, as the demo admin (a shared session): two held requests are
// arranged in the site's database, each the third from one catch-all domain with the same phone,
// street, network and browser as two before it. The admin sees the first one's signals and releases
// it: it is sold through the pipeline (for a service neither demo contractor offers, so no test's
// counts move). The admin blocks the second with a reason: its phone, e-mail and device appear
// among the blocked contact details, and one is released there. axe finds no violation.
// Everything arranged (and what the sale charged in the sandbox) is undone.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatPhone } from '../../src/domain/format.ts';
import { textSketch } from '../../src/domain/integrity-rules.ts';
import { serviceWords } from '../../src/islands/admin/fraud/words.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const baseURL = () => test.info().project.use.baseURL!;

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface Ring {
  held: { id: string; name: string; service: string };
  ids: string[];
  phone: string;
  domain: string;
}

/** Three requests tied by every signal, the last held; for a service no demo contractor offers. */
async function arrangeRing(label: string): Promise<Ring> {
  const tag = randomUUID().slice(0, 8);
  const domain = `ring-${tag}.com`;
  const phone = `93725${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  return withSiteDatabase(baseURL(), async (tx) => {
    const [service] = await tx<{ id: string; slug: string; zip: string }[]>`
      select s.id, s.slug, b.service_areas[1] as zip
        from services s
        join business_services bs on bs.service_id = s.id
        join businesses b on b.id = bs.business_id and b.status = 'ACTIVE' and b.verified
        join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
       where not exists (
               select 1 from business_services x join businesses y on y.id = x.business_id
                 join users u on u.id = y.owner_id
                where x.service_id = s.id and u.email in ('contractor@example.com', 'contractor2@example.com'))
         and b.service_areas[1] is not null
       order by s.slug, b.created_at limit 1`;
    const words = `Water pours through the ceiling light ${tag} every time the upstairs shower runs for long`;
    const ids: string[] = [];
    let held: Ring['held'] | null = null;
    for (const [i, name] of [`Ann ${label}`, `Bo ${label}`, `Cy ${label}`].entries()) {
      const email = `${name.split(' ')[0]!.toLowerCase()}@${domain}`;
      const description = `${words}${' please'.repeat(i + 1)}.`;
      const last = i === 2;
      const [row] = await tx<{ id: string }[]>`
        insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                           budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                           lead_score, qualification, hold_reason, created_at, phone_verified_at, email_key,
                           email_domain, address_key, client_prefix, device_hash, text_sketch)
        values (${service!.id}, ${name}, ${email}, ${phone}, ${service!.slug}, ${description}, 'ASAP', 1000, 5000,
                '7 Test Row', ${service!.zip}, 'Dayton', 'Single Family Home', 'phone', 60,
                ${last ? 'held' : 'duplicate'}, ${last ? `Third address at ${domain} within 24 hours.` : null},
                now() - make_interval(hours => ${3 - i}), now(), ${email}, ${domain}, ${`7 test row ${tag}|x`},
                ${`10.${parseInt(tag.slice(0, 2), 16)}.${parseInt(tag.slice(2, 4), 16)}.0/24`}, ${`device-${tag}`}, ${textSketch(description)})
        returning id`;
      ids.push(row!.id);
      if (last) held = { id: row!.id, name, service: service!.slug };
    }
    return { held: held!, ids, phone, domain };
  });
}

async function undo(ring: Ring): Promise<void> {
  await withSiteDatabase(baseURL(), async (tx) => {
    const keys = (
      await tx<{ key: string }[]>`
        select 'lead-distribution-' || id as key from lead_distributions where lead_id = any(${ring.ids}::uuid[])`
    ).map((r) => r.key);
    await tx`delete from mail_outbox where payload->>'leadId' = any(${ring.ids})`;
    await tx`delete from payment_transactions where lead_id = any(${ring.ids}::uuid[])`;
    await tx`delete from sandbox_payment_intents where idempotency_key = any(${keys})`;
    await tx`delete from blocked_identities where lead_id = any(${ring.ids}::uuid[])`;
    await tx`delete from leads where id = any(${ring.ids}::uuid[])`;
  });
}

test('an admin sees a held request’s signals and releases it; blocks another and releases one detail', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 6);
  const released = await arrangeRing(`Released ${tag}`);
  const blocked = await arrangeRing(`Blocked ${tag}`);
  try {
    await signInAs(page, 'admin', baseURL());
    await page.goto('/admin/fraud');
    await expect(page.getByRole('heading', { level: 1, name: 'Fraud Queue' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Fraud Queue' }),
    ).toHaveAttribute('aria-current', 'page');
    await hydrated(page, 'FraudQueue');

    const held = page.getByRole('region', { name: 'Held requests' });
    const card = held.getByRole('article', {
      name: `${serviceWords(released.held.service)} request from ${released.held.name}`,
    });
    await expect(card).toBeVisible();
    await expect(card.getByText(`Third address at ${released.domain} within 24 hours.`)).toBeVisible();
    const signals = card.getByRole('listitem');
    await expect(
      signals.filter({ hasText: `Same phone: 2 other requests in 30 days from ${released.phone}.` }),
    ).toBeVisible();
    await expect(
      signals.filter({
        hasText: `E-mail domain: 3 different addresses at ${released.domain} (not a free-mail provider) within 24 hours.`,
      }),
    ).toBeVisible();
    for (const label of [
      'Same street address',
      'Same network',
      'Same device',
      'Near-duplicate description',
    ]) {
      await expect(signals.filter({ hasText: `${label}: 2 other requests` })).toBeVisible();
    }
    expect(await axe(page)).toEqual([]);

    await card
      .getByRole('button', {
        name: `Release the ${serviceWords(released.held.service)} request from ${released.held.name}`,
      })
      .click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Released the ${serviceWords(released.held.service)} request` }),
    ).toContainText(/sold to \d+ pros?\./);
    await expect(card).toHaveCount(0);
    const sale = await withSiteDatabase(baseURL(), async (tx) => {
      const [row] = await tx<{ qualification: string; paid: number }[]>`
        select qualification, (select count(*)::int from lead_distributions d
                                where d.lead_id = l.id and d.payment_status = 'paid') as paid
          from leads l where id = ${released.held.id}`;
      return row!;
    });
    expect(sale.qualification).toBe('qualified');
    expect(sale.paid).toBeGreaterThan(0);

    // Block the other one: a reason is required.
    const other = held.getByRole('article', {
      name: `${serviceWords(blocked.held.service)} request from ${blocked.held.name}`,
    });
    await other
      .getByRole('button', {
        name: `Block the ${serviceWords(blocked.held.service)} request from ${blocked.held.name}`,
      })
      .click();
    const reason = other.getByLabel(/Reason for blocking/);
    await expect(other.getByRole('button', { name: 'Block request' })).toBeDisabled();
    await reason.fill('One catch-all mailbox sending for one phone.');
    await other.getByRole('button', { name: 'Block request' }).click();
    await expect(page.getByRole('status')).toContainText(
      `Blocked the ${serviceWords(blocked.held.service)} request from ${blocked.held.name}: its phone, e-mail and device can send no more requests.`,
    );
    await expect(other).toHaveCount(0);

    const blocks = page.getByRole('region', { name: 'Blocked contact details' });
    const phoneRow = blocks.getByRole('row').filter({ hasText: `Phone: ${formatPhone(blocked.phone)}` });
    await expect(phoneRow).toContainText('One catch-all mailbox sending for one phone.');
    await expect(phoneRow).toContainText('admin@example.com');
    await expect(blocks.getByRole('row').filter({ hasText: `E-mail: cy@${blocked.domain}` })).toHaveCount(1);
    await phoneRow.getByRole('button', { name: `Release Phone ${formatPhone(blocked.phone)}` }).click();
    await expect(page.getByRole('status')).toContainText(
      `Phone ${formatPhone(blocked.phone)} released: it may send requests again.`,
    );
    await expect(phoneRow).toHaveCount(0);

    const after = await withSiteDatabase(baseURL(), async (tx) => {
      const [row] = await tx<{ qualification: string; active: number; audits: number }[]>`
        select l.qualification,
               (select count(*)::int from blocked_identities b where b.lead_id = l.id and b.released_at is null) as active,
               (select count(*)::int from audit_log a where a.entity_id in (${blocked.held.id}, ${released.held.id})) as audits
          from leads l where l.id = ${blocked.held.id}`;
      return row!;
    });
    expect(after).toEqual({ qualification: 'blocked', active: 2, audits: 2 });
  } finally {
    await undo(released);
    await undo(blocked);
  }
});
