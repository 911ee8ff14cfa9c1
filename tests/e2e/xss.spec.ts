// Issue 17, fuzzing: classic XSS payloads entered through every text field a user can fill end
// inert wherever they are shown. The data is arranged through the product's own use-cases and
// APIs where they are the way in (registration, a response to a lead, a review, the account
// profile, an article), and straight into the database where only the stored value matters to
// the page (a lead's fields, a business's profile text: stored raw, so a page that trusted what
// the form's sanitiser removes would be caught). Then every page that shows them is opened:
// dashboard, the homeowner's pages, admin pages, the article body as the article page renders
// it, and the mails at /dev/mail.
//
// The Content-Security-Policy would block an injected inline script and fail the test through
// tests/helpers/test.ts, but a CSP block is not what must make this pass: the policy is taken
// off every page here, and each payload, if it ever ran, would set window.__xss or open a
// dialog, both of which are checked on every page (and in its frames), along with the markup a
// payload would have added (an <img src=x>, an <svg onload>, a javascript: link), and that
// the payload's marker is shown as text.
import type { BrowserContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { ZContractorSignup } from '../../src/schemas/contractor-signup.ts';
import { createSql } from '../../src/server/platform/db/client.ts';
import { createHomeownerLink } from '../../src/server/leads/access/homeowner-links.ts';
import { articleBody } from '../../src/server/site/pages/article-body-seal.ts';
import { enqueueMail } from '../../src/server/platform/mail/outbox.ts';
import { leadMail } from '../../src/server/platform/mail/lead-mails.ts';
import type { LeadRow } from '../../src/server/leads/requests/types.ts';
import { registerContractor } from '../../src/server/accounts/registration/register-contractor.ts';
import { createLead, createUser } from '../factories/index.ts';
import { createDistribution } from '../factories/contractor-side.ts';
import { openSeoPageEditor } from '../helpers/admin-content.ts';
import { enrolTotp } from '../helpers/api-context.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { siteDatabaseUrl } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** Payloads by kind; `n` is the field's number, shown as the marker XSS<n>Z. Each one, if run,
 * sets window.__xss or opens a dialog. */
const PAYLOADS: ((n: number) => string)[] = [
  (n) => `<script>window.__xss=${n}</script>XSS${n}Z`,
  (n) => `<img src=x onerror="window.__xss=${n}">XSS${n}Z`,
  (n) => `<svg onload="window.__xss=${n}">XSS${n}Z</svg>`,
  (n) => `javascript:window.__xss=${n}//XSS${n}Z`,
  (n) => `"><img src=x onerror=alert(${n})>XSS${n}Z`,
  (n) => `'><details open ontoggle="window.__xss=${n}">XSS${n}Z`,
  (n) => `<iframe srcdoc="<script>parent.__xss=${n}</script>"></iframe>XSS${n}Z`,
  (n) => `{{constructor.constructor('window.__xss=${n}')()}} \${alert(${n})} XSS${n}Z`,
  (n) => `[XSS${n}Z](javascript:window.__xss=${n}) ![x](x" onerror="window.__xss=${n})`,
  (n) => `XSS${n}Z\r\nBcc: victim@example.com\r\nSubject: pwned`,
  (n) => `<a href="javascript:window.__xss=${n}">XSS${n}Z</a>`,
  (n) =>
    `<style>@import 'javascript:alert(${n})'</style><math><mtext><table><mglyph><style><img src=x onerror=alert(${n})>XSS${n}Z`,
];

/** Every payload in one text, for the fields that hold thousands of characters. */
const ALL = (n: number) => PAYLOADS.map((p) => p(n)).join('\n\n');

let fieldCounter = 0;
/** The next field's payload (of `kind`, or cycling through the kinds) and its marker. */
function payload(kind?: number): { text: string; marker: string } {
  fieldCounter += 1;
  const n = fieldCounter;
  return { text: PAYLOADS[(kind ?? n) % PAYLOADS.length]!(n), marker: `XSS${n}Z` };
}

/** Markup a payload would leave in the page had it been parsed as HTML. */
const INJECTED =
  'img[src="x"], svg[onload], details[ontoggle], iframe[srcdoc], a[href^="javascript:" i], mglyph, [onerror]';

interface Watch {
  dialogs: string[];
}

/** Takes the CSP off every page the context loads (its contexts block the service worker, which
 * would otherwise serve cached pages with their policy), and records any dialog a page opens. */
async function unguarded(context: BrowserContext): Promise<Watch> {
  const watch: Watch = { dialogs: [] };
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    delete headers['content-security-policy-report-only'];
    const body = (await response.text()).replace(
      /<meta[^>]*http-equiv=["']?content-security-policy[^>]*>/gi,
      '',
    );
    await route.fulfill({ response, headers, body });
  });
  context.on('page', (page) =>
    page.on('dialog', (dialog) => {
      watch.dialogs.push(`${page.url()}: ${dialog.message()}`);
      void dialog.dismiss();
    }),
  );
  return watch;
}

/** What an article body may never hold. Its HTML is allowed (the TRUSTED sanitiser's profile: an
 * <img src=x> stays, without its handler), so only what could run is looked for there. */
/** /dev/mail shows each mail's HTML in a srcdoc frame of its own (checked inside, below). */
const MAIL_PAGE_INJECTED = INJECTED.replace('iframe[srcdoc]', 'iframe[srcdoc]:not(.mail-html)');

const ARTICLE_INJECTED =
  'script, iframe, svg, style, mglyph, details[ontoggle], [onerror], [onload], [onclick], a[href^="javascript:" i]';

/** The page shows at least `markers` as text, ran no payload and holds none of their markup. */
async function expectInert(page: Page, watch: Watch, markers: string[], injected = INJECTED): Promise<void> {
  try {
    for (const marker of markers) {
      await expect(page.getByText(marker).first(), `${page.url()} shows ${marker}`).toBeAttached();
    }
  } finally {
    // Checked even when a marker is missing (a payload that broke out may have eaten the text),
    // so a payload that ran is what the failure says. Anything a payload scheduled (an onerror,
    // an ontoggle) has its turn first.
    await page.waitForTimeout(150);
    for (const frame of page.frames()) {
      expect(await frame.evaluate(() => window.__xss ?? null), `${frame.url()} ran a payload`).toBeNull();
    }
    expect(await page.locator(injected).count(), `${page.url()} holds a payload's markup`).toBe(0);
    expect(watch.dialogs).toEqual([]);
  }
}

test('XSS payloads through every text field stay inert on every page that shows them', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const sql = createSql(siteDatabaseUrl(baseURL!), { max: 1 });
  const stamp = randomUUID().slice(0, 8);
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    // --- The contractor's registration (names, address) through the real use-case and its mail.
    const reg = {
      businessName: payload(1),
      ownerName: payload(9),
      address: payload(2),
    };
    const contractorEmail = `xss-contractor-${stamp}@example.com`;
    const registered = await registerContractor(
      sql,
      z.parse(ZContractorSignup, {
        businessName: `Pro ${reg.businessName.text}`.slice(0, 120),
        ownerName: reg.ownerName.text.slice(0, 100),
        email: contractorEmail,
        phone: '(937) 223-4567',
        password: 'Xss-Check-Pass!2026',
        services: ['plumbing'],
        serviceZipCodes: '45402',
        address: `12 ${reg.address.text}`.slice(0, 255),
      }),
      { ip: '198.51.100.77' },
    );
    const businessId = registered.businessId!;
    cleanup.push(() => sql`delete from users where id = ${registered.userId}`);
    cleanup.push(() => sql`delete from businesses where id = ${businessId}`);
    // Approved, and its public text written straight to the row: no sanitiser between the
    // payload and the pages.
    const profile = { tagline: payload(2), description: payload(), specialty: payload(4), name: payload(6) };
    await sql`
      update businesses set status = 'ACTIVE', verified = true, name = ${profile.name.text},
             tagline = ${profile.tagline.text}, description = ${`${profile.description.text}\n${ALL(90)}`},
             specialties = ${[profile.specialty.text, 'Water Heaters']}
       where id = ${businessId}`;
    await sql`update users set email_confirmed_at = now() where id = ${registered.userId}`;

    // --- A homeowner's quote request: every field of the lead, stored as the wizard would store
    // it, sold to this contractor; its mail to the contractor through the product's template.
    const lead = {
      name: payload(9),
      description: payload(),
      address: payload(3),
      city: payload(10),
      projectType: payload(5),
    };
    const homeownerEmail = `xss-homeowner-${stamp}@example.com`;
    const [leadRow] = await sql<LeadRow[]>`
      insert into leads (
        service_id, name, email, phone, project_type, project_description, timeline, budget_min, budget_max,
        property_address, zip_code, city, property_type, preferred_contact_method, lead_score)
      values (
        (select id from services where slug = 'plumbing'), ${lead.name.text}, ${homeownerEmail}, '9375550100',
        ${lead.projectType.text}, ${`${lead.description.text}\n${ALL(91)}`}, 'ASAP', 1000, 5000,
        ${lead.address.text}, '45402', ${lead.city.text}, 'Single Family Home', 'email', 65)
      returning *`;
    cleanup.push(() => sql`delete from leads where id = ${leadRow!.id}`);
    const distributionId = await createDistribution(sql, leadRow!.id, businessId);
    await enqueueMail(sql, leadMail({ name: profile.name.text, email: contractorEmail }, leadRow!));

    // --- The homeowner's account (its name through PUT /api/account/profile).
    const homeowner = await createUser(sql, { email: homeownerEmail, fullName: 'Home Owner' });
    cleanup.push(() => sql`delete from users where id = ${homeowner.id}`);
    const homeownerName = payload(4);
    const homeownerContext = await browser.newContext({ serviceWorkers: 'block' });
    const homeownerWatch = await unguarded(homeownerContext);
    await signInAs(homeownerContext, { userId: homeowner.id }, baseURL!);
    const accountAnswer = await homeownerContext.request.put('/api/account/profile', {
      headers: { origin },
      data: { fullName: homeownerName.text.slice(0, 100), email: homeownerEmail },
    });
    expect(accountAnswer.status(), await accountAnswer.text()).toBe(200);

    // --- The contractor answers the lead (subject, message, quote lines, terms) through the API:
    // stored, and mailed to the homeowner.
    const response = { subject: payload(1), message: payload(), item: payload(2), terms: payload(11) };
    const contractorContext = await browser.newContext({ serviceWorkers: 'block' });
    const contractorWatch = await unguarded(contractorContext);
    await signInAs(contractorContext, { userId: registered.userId }, baseURL!);
    const validUntil = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const answered = await contractorContext.request.post(
      `/api/contractor/leads/${distributionId}/responses`,
      {
        headers: { origin },
        data: {
          subject: response.subject.text,
          message: `${response.message.text}\n${ALL(92)}`,
          quote: {
            items: [{ description: response.item.text, quantity: 1, rate: 150 }],
            validUntil,
            terms: response.terms.text,
          },
        },
      },
    );
    expect(answered.status(), await answered.text()).toBeLessThan(300);

    // --- The homeowner's review of the job (a real job: the contractor marked it done and the
    // homeowner said so from their page), through POST /api/reviews; and another finished job
    // whose review page is still open.
    await sql`update lead_distributions set stage = 'COMPLETED', stage_changed_at = now(), completed_at = now(),
                                            job_done_at = now()
               where id = ${distributionId}`;
    const reviewed1 = await createHomeownerLink(sql, { leadId: leadRow!.id, purpose: 'review', businessId });
    const otherLead = await createLead(sql, { email: homeownerEmail });
    cleanup.push(() => sql`delete from leads where id = ${otherLead.id}`);
    const otherJob = await createDistribution(sql, otherLead.id, businessId, { stage: 'COMPLETED' });
    await sql`update lead_distributions set job_done_at = now() where id = ${otherJob}`;
    const reviewToken = await createHomeownerLink(sql, {
      leadId: otherLead.id,
      purpose: 'review',
      businessId,
    });
    const responsesToken = await createHomeownerLink(sql, { leadId: leadRow!.id, purpose: 'responses' });
    const review = { title: payload(5), content: payload(), author: payload(9) };
    const reviewed = await homeownerContext.request.post('/api/reviews', {
      headers: { origin },
      data: {
        token: reviewed1,
        rating: 5,
        title: review.title.text.slice(0, 100),
        content: `${review.content.text} ${'The crew was careful and tidy. '.repeat(3)}`,
        authorName: review.author.text.slice(0, 50),
      },
    });
    expect(reviewed.status(), await reviewed.text()).toBeLessThan(300);

    // --- An admin's article (title, excerpt, category, meta, a Markdown body full of payloads).
    const admin = await createUser(sql, { roles: ['admin'] });
    cleanup.push(() => sql`delete from users where id = ${admin.id}`);
    const adminContext = await browser.newContext({ serviceWorkers: 'block' });
    const adminWatch = await unguarded(adminContext);
    // An admin with an authenticator app, and a session that proved it (issue 26).
    await enrolTotp(sql, admin.id);
    await signInAs(adminContext, { userId: admin.id, secondFactor: true }, baseURL!);
    const article = { title: payload(1), excerpt: payload(7), category: payload(4), body: payload(8) };
    const articleSlug = `xss-check-${stamp}`;
    const created = await adminContext.request.post('/api/admin/content/articles', {
      headers: { origin },
      data: {
        title: article.title.text.slice(0, 120),
        slug: articleSlug,
        excerpt: article.excerpt.text,
        category: article.category.text.slice(0, 60),
        metaTitle: 'XSS check',
        metaDescription: payload(3).text,
        body: `# ${article.body.text}\n\n${ALL(93)}\n\n<div onclick="window.__xss=1">XSS-div</div>`,
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    cleanup.push(() => sql`delete from articles where slug = ${articleSlug}`);
    cleanup.push(
      () => sql`delete from publish_requests where entity_type = 'article' and entity_id in
                  (select id::text from articles where slug = ${articleSlug})`,
    );

    // ---------------------------------------------------------------- The pages that show them.
    const contractorPage = await contractorContext.newPage();
    await contractorPage.goto('/dashboard');
    const card = contractorPage.getByRole('article').filter({ hasText: lead.projectType.marker });
    await expectInert(contractorPage, contractorWatch, [
      lead.projectType.marker,
      lead.city.marker,
      lead.description.marker,
      lead.name.marker,
      lead.address.marker,
    ]);
    await card.getByRole('button', { name: 'Open lead' }).click();
    await expectInert(contractorPage, contractorWatch, [response.message.marker, response.item.marker]);
    await contractorPage.goto('/dashboard?tab=profile');
    await expect(contractorPage.getByLabel('Tagline')).toHaveValue(profile.tagline.text);
    await expectInert(contractorPage, contractorWatch, []);

    const homeownerPage = await homeownerContext.newPage();
    await homeownerPage.goto('/profile');
    await expectInert(homeownerPage, homeownerWatch, []);
    await homeownerPage.goto(`/quote-request/responses?token=${encodeURIComponent(responsesToken)}`);
    await expectInert(homeownerPage, homeownerWatch, [
      response.message.marker,
      response.item.marker,
      profile.name.marker,
    ]);
    // The response's message keeps its markup, shown as text.
    await expect(homeownerPage.getByText(response.message.text.split('\n')[0]!).first()).toBeAttached();
    await homeownerPage.goto(`/review?token=${encodeURIComponent(reviewToken)}`);
    await expectInert(homeownerPage, homeownerWatch, [profile.name.marker]);

    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/users');
    await hydrated(adminPage, 'UsersAdmin');
    await adminPage.getByLabel('Search by e-mail or name').fill(homeownerEmail);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    await expectInert(adminPage, adminWatch, [homeownerName.marker]);
    for (const [path, markers] of [
      [`/admin/leads?lead=${leadRow!.id}`, [lead.name.marker, lead.description.marker]],
      ['/admin/contractors', []],
      ['/admin/reviews', [review.content.marker]],
      ['/admin/content?tab=articles', [article.title.marker]],
      ['/admin/activity-logs', []],
    ] as [string, string[]][]) {
      await adminPage.goto(path);
      await expectInert(adminPage, adminWatch, markers);
    }
    // The admin's SEO page editor: a payload typed as the H1, previewed (never saved).
    const seoH1 = payload(1);
    await openSeoPageEditor(adminPage, 'plumbing-dayton-ohio');
    await adminPage.getByLabel('H1 heading').fill(seoH1.text);
    await adminPage.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(
      adminPage
        .getByRole('region', { name: 'Preview of /plumbing-dayton-ohio' })
        .getByRole('heading', { level: 1 }),
    ).toContainText(seoH1.marker);
    await expectInert(adminPage, adminWatch, [seoH1.marker]);

    // The article's body as the article page (prebuilt) puts it in the page: the stored,
    // sanitised HTML, loaded into a page of the site with no CSP.
    const [stored] = await sql<
      { content: unknown }[]
    >`select content from articles where slug = ${articleSlug}`;
    // What the build does with an article whose body is not stored sealed: render and sanitise.
    const bodyHtml = await articleBody({ content: stored!.content, bodyHtml: null });
    expect(bodyHtml).toBeTruthy();
    await adminPage.goto('/offline');
    await adminPage.evaluate((html) => {
      const prose = document.createElement('div');
      prose.className = 'prose';
      prose.innerHTML = html;
      document.body.append(prose);
    }, bodyHtml!);
    await expectInert(
      adminPage,
      adminWatch,
      [article.body.marker, 'XSS93Z'],
      ARTICLE_INJECTED.split(',')
        .map((selector) => `.prose ${selector.trim()}`)
        .join(', '),
    );

    // The mails, as /dev/mail shows them, and no header broken by a name's line break.
    const mailPage = await adminContext.newPage();
    for (const [to, markers] of [
      [contractorEmail, [lead.name.marker, lead.description.marker]],
      [homeownerEmail, [response.message.marker]],
    ] as [string, string[]][]) {
      await mailPage.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
      // The page's own frames show each mail's HTML (sandboxed srcdoc): inside them, the same
      // markers as text and none of the payloads' markup.
      await expectInert(mailPage, adminWatch, markers, MAIL_PAGE_INJECTED);
      const frames = mailPage.locator('iframe.mail-html');
      expect(await frames.count()).toBeGreaterThan(0);
      for (const frame of await frames.all()) {
        const html = frame.contentFrame();
        await expect(html.locator('[data-mail-action]')).toHaveCount(1);
        expect(await html.locator(INJECTED).count(), `${to}: a mail's HTML holds a payload's markup`).toBe(0);
      }
      for (const marker of markers) {
        const shown = await Promise.all(
          (await frames.all()).map((f) => f.contentFrame().getByText(marker).count()),
        );
        expect(
          shown.some((n) => n > 0),
          `${to}: the mail's HTML shows ${marker}`,
        ).toBe(true);
      }
    }
    const mails = await sql<{ subject: string; to: string }[]>`
      select subject, to_address as to from mail_outbox where to_address in (${contractorEmail}, ${homeownerEmail})`;
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails)
      expect(mail.subject + mail.to, 'a header with a line break').not.toMatch(/[\r\n]/);
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    await sql.end();
  }
});
