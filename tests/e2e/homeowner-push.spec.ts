// "Hear back first" (issue 27, Must 4) on the homeowner's private page, on a phone, with the keyboard
// alone: notifications turned on for the request on this browser, a contractor's quote then pushed
// to it (decrypted at a local push service as a browser would: tests/helpers/push-browser.ts), its
// mail held until the pushed link is opened and then replaced, and turned off on every device. A request of its own, sold to the demo contractor, who
// answers through the API.
import AxeBuilder from '@axe-core/playwright';
import { REQUEST_PUSH_MESSAGES as M } from '../../src/domain/alert-rules.ts';
import { createHomeownerLink } from '../../src/server/leads/access/homeowner-links.ts';
import { demoRequestContext } from '../helpers/demo-session.ts';
import { subscribeLocally } from '../helpers/push-browser.ts';
import { startPushService, type PushService } from '../helpers/push-service.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

const baseURL = () => test.info().project.use.baseURL!;
let push: PushService;

test.beforeAll(async () => {
  push = await startPushService();
});

test.afterAll(async () => {
  await push.close();
});

/** A request of its own, sold to the demo contractor, with its private link's token. */
async function soldRequest(email: string) {
  return withSiteDatabase(baseURL(), async (sql) => {
    const [pro] = await sql<{ id: string; service_id: string }[]>`
      select b.id, (select service_id from business_services where business_id = b.id limit 1) as service_id
        from businesses b join users u on u.id = b.owner_id where u.email = 'contractor@example.com'`;
    const [lead] = await sql<{ id: string }[]>`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, phone_verified_at)
      values (${pro!.service_id}, 'Push Tester', ${email}, '9372287091', 'Plumbing',
              'The water heater leaks at the base.', 'ASAP', 800, 2000, '12 Oak St', '45409', 'Kettering',
              'Single Family Home', 'email', 70, 'qualified', now())
      returning id`;
    const [distribution] = await sql<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, sent_at, charged_at, payment_status)
      values (${lead!.id}, ${pro!.id}, 1, 'sent', now(), now(), 'paid')
      returning id`;
    return {
      token: await createHomeownerLink(sql, { leadId: lead!.id, purpose: 'responses' }),
      distributionId: distribution!.id,
      leadId: lead!.id,
    };
  });
}

test('notifications on for the request, a quote pushed instead of mailed, then off; keyboard only', async ({
  page,
}) => {
  const email = `push-${Date.now()}@example.com`;
  const { token, distributionId, leadId } = await soldRequest(email);
  const subscription = push.subscribe();
  await subscribeLocally(page.context(), subscription);
  await page.context().grantPermissions(['notifications'], { origin: new URL(baseURL()).origin });

  await page.goto(`/quote-request/responses?token=${token}`);
  const card = page.getByRole('region', { name: 'Hear back first' });
  await expect(card).toContainText(M.offer);
  const turnOn = card.getByRole('button', { name: M.turnOn });
  await turnOn.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText(M.on)).toBeVisible();
  const turnOff = card.getByRole('button', { name: M.turnOff });
  await expect(turnOff).toBeFocused();
  await expect(turnOn).toBeHidden();
  expect((await new AxeBuilder({ page }).include('.request-push').analyze()).violations).toEqual([]);
  const box = await turnOff.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);

  // The contractor quotes: this browser hears it, and the mail steps aside.
  const contractor = await demoRequestContext(baseURL(), 'contractor@example.com');
  const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const answered = await contractor.post(`/api/contractor/leads/${distributionId}/responses`, {
    data: {
      subject: 'Water heater replacement',
      message: 'We can replace it tomorrow morning.',
      quote: {
        items: [{ description: '50-gallon gas water heater, installed', quantity: 1, rate: 1480 }],
        validUntil,
      },
    },
  });
  expect(answered.status(), await answered.text()).toBe(201);
  await contractor.dispose();
  await expect
    .poll(() => push.received(push.idOf(subscription.endpoint)).length, { timeout: 10_000 })
    .toBe(1);
  const [pushed] = push.received(push.idOf(subscription.endpoint));
  const alert = JSON.parse(pushed!.payload) as { title: string; body: string; url: string };
  expect(alert).toMatchObject({
    title: expect.stringMatching(/^New quote from .+: \$1,480\.00$/),
    body: 'Water heater replacement · See it on your request page.',
    url: expect.stringMatching(/^\/quote-request\/responses\?token=/),
  });
  const mailStatus = () =>
    withSiteDatabase(baseURL(), async (sql) => {
      const [mail] = await sql<{ status: string }[]>`
        select status from mail_outbox where to_address = ${email} and template = 'lead_response'`;
      return mail?.status;
    });
  // Pushed, not yet read: the mail waits.
  expect(await mailStatus()).toBe('pending');

  // The pushed link opens the request with the quote on it; the mail is then not needed.
  await page.goto(alert.url);
  await expect(page.getByRole('heading', { name: 'The quote' })).toBeVisible();
  await expect.poll(mailStatus, { timeout: 10_000 }).toBe('replaced');

  // Back on the page, this browser is known to listen (its subscription outlives the page).
  const again = page.getByRole('region', { name: 'Hear back first' });
  await expect(again.getByRole('button', { name: M.turnOff })).toBeVisible();
  await expect(again).toContainText(M.devices(1));
  await expect(again.getByRole('button', { name: M.turnOn })).toBeHidden();

  // A quote accepted: nothing new is offered, but this browser keeps its way out.
  await withSiteDatabase(
    baseURL(),
    (sql) =>
      sql`update lead_communications set accepted_at = now() where lead_id = ${leadId} and quote is not null`,
  );
  await page.reload();
  const after = page.getByRole('region', { name: 'Hear back first' });
  await expect(after.getByRole('button', { name: M.turnOff })).toBeVisible();
  await expect(after.getByRole('button', { name: M.turnOn })).toHaveCount(0);

  // Off on every device, by keyboard: nothing is left listening, and the card goes.
  await after.getByRole('button', { name: M.turnOffAll }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Hear back first' })).toHaveCount(0);
  const left = await withSiteDatabase(baseURL(), (sql) =>
    sql`select id from push_subscriptions where lead_id = ${leadId}`.then((rows) => rows.length),
  );
  expect(left).toBe(0);
});

test('a browser that cannot take notifications never shows "Turn on": the page says why at once', async ({
  page,
}) => {
  const { token } = await soldRequest(`push-none-${Date.now()}@example.com`);
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  // The page's own inline script alone (its module script held back): nothing is drawn to be
  // taken away later.
  await page.route('**/_astro/RequestPush.astro_astro_type_script_*', (route) => route.abort());
  await page.goto(`/quote-request/responses?token=${token}`);
  const card = page.getByRole('region', { name: 'Hear back first' });
  await expect(card).toContainText(M.unsupported);
  await expect(card.getByRole('button', { name: M.turnOn })).toBeHidden();
  // With the module script running, the same.
  await page.unroute('**/_astro/RequestPush.astro_astro_type_script_*');
  await page.reload();
  await expect(card).toContainText(M.unsupported);
  await expect(card.getByRole('button', { name: M.turnOn })).toBeHidden();
});
