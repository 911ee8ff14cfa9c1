// A production server missing a secret refuses to answer, naming what is missing, instead of
// falling back to the sandbox gateway, captured mail or localhost links
// (src/server/platform/config/production.ts).
// The same build as the other browser tests, served again with a production environment.
import { rawRequest } from '../helpers/raw-http.ts';
import { serveBuildAgain } from '../helpers/second-server.ts';
import { expect, test } from '../helpers/test.ts';

const COMPLETE = {
  SITE_URL: 'https://daytoncontractors.example',
  STRIPE_SECRET_KEY: 'sk_test_not_used',
  STRIPE_WEBHOOK_SECRET: 'whsec_not_used',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Dayton Contractors <hello@daytoncontractors.example>',
  ALTCHA_HMAC_KEY: 'a-production-altcha-key-of-at-least-32-chars',
  SECOND_FACTOR_KEY: 'a-production-second-factor-key-of-32-chars',
  TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_VERIFY_SERVICE_SID: `VA${'2'.repeat(32)}`,
  VAPID_PUBLIC_KEY: 'BBgY7ngEZ7mu6upXXYT82eJ5MHky7Mh6VOZebzpdMhax-Tg-9MbkrU9YTBEb5zZGF5gOraJfWsl_mWcRABbAZ1A',
  VAPID_PRIVATE_KEY: '1R8K5cYYEqdEZbfGZ7E2kZL308Xi_RpYQVOvsML-rOg',
  UPLOADS_DIR: '/tmp/production-config-uploads',
};

/** GET /api/auth/session from the build served with `env`; the status and what it logged. */
async function askSession(env: Record<string, string>): Promise<{ status: number; log: string }> {
  const cleared = ['EMBEDDED_DB', 'NETLIFY', ...Object.keys(COMPLETE)];
  const server = await serveBuildAgain({
    ...Object.fromEntries(cleared.map((name) => [name, undefined])),
    NODE_ENV: 'production',
    // Never reached: the session check reads no table without a cookie.
    DATABASE_URL: 'postgres://app@127.0.0.1:9/app',
    ...env,
  });
  // Production answers only the site's own host name (never 127.0.0.1): ask for it by name.
  const answer = await rawRequest(`${server.origin}/api/auth/session`, {
    headers: { host: new URL(COMPLETE.SITE_URL).host },
  });
  await server.stop();
  return { status: answer.status, log: server.log() };
}

test('a production server without its secrets fails every request and says which are missing', async () => {
  const { status, log } = await askSession({ SITE_URL: COMPLETE.SITE_URL });
  expect(status).toBe(500);
  expect(log).toContain(
    'Production needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SMTP_URL, MAIL_FROM, ALTCHA_HMAC_KEY, SECOND_FACTOR_KEY, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_VERIFY_SERVICE_SID, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY',
  );
});

test('a production server with every secret answers', async () => {
  const { status } = await askSession(COMPLETE);
  expect(status).toBe(200);
});
