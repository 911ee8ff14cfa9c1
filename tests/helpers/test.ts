// The `test` of every browser test file (a unit test fails any file that takes Playwright's
// directly): it watches every page the test opens, in its own context or one it makes with
// browser.newContext(), for Content-Security-Policy violations (the securitypolicyviolation
// event) and for the console errors CSP and Permissions-Policy problems print, and fails the
// test that caused one. So the browser suite records no CSP violation on any page it visits. Each
// test also starts with its own sign-in allowance on 127.0.0.1 (below).
import { test as base, type BrowserContext } from '@playwright/test';
import { withSiteDatabase } from './site-database.ts';

export { expect } from '@playwright/test';

/** Console text of a policy problem: a blocked load or script, a directive a <meta> cannot
 * carry, an unknown Permissions-Policy feature. */
const POLICY_MESSAGE = /Content[ -]Security[ -]Policy|Permissions-Policy/i;

declare global {
  interface Window {
    __cspViolation?: (text: string) => void;
  }
}

/** Contexts already watched (Playwright makes a test's own context with browser.newContext too). */
const watched = new WeakSet<BrowserContext>();

async function watch(context: BrowserContext, problems: string[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding('__cspViolation', ({ page }, text: string) => {
    problems.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
      window.__cspViolation?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}`);
    });
  });
  context.on('console', (message) => {
    if (POLICY_MESSAGE.test(message.text()))
      problems.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
}

export const test = base.extend<{
  policyProblems: string[];
  watchPolicies: undefined;
  ownAddressAllowance: undefined;
}>({
  // Every browser test connects from 127.0.0.1, so all of them shared one per-address allowance
  // of sign-ins, sign-ups, resets and password re-entries (30 per 5 minutes): whichever test came
  // late in a long run was refused (429) for what others had spent. Each test starts with an
  // allowance of its own; the limit itself is tested within one test, or from 127.0.0.3.
  ownAddressAllowance: [
    async ({ baseURL }, use) => {
      await withSiteDatabase(
        baseURL!,
        (tx) => tx`delete from rate_limits where identifier = '127.0.0.1' and action = 'auth:ip'`,
      );
      await use(undefined);
    },
    { auto: true },
  ],
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  policyProblems: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, policyProblems }, use) => {
    await watch(context, policyProblems);
    await use(context);
  },
  watchPolicies: [
    async ({ browser, policyProblems }, use) => {
      // Contexts the test makes itself (axe needs one of its own, geolocation needs permissions).
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        await watch(context, policyProblems);
        return context;
      };
      await use(undefined);
      browser.newContext = newContext;
      base.expect(policyProblems, 'Content-Security-Policy or Permissions-Policy problems').toEqual([]);
    },
    { auto: true },
  ],
});
