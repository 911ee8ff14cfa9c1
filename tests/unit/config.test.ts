// The environment's declaration and the production rule: outside the embedded database, a
// server on Netlify, told NODE_ENV=production, or on a remote database must have every secret.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_PHONE } from '../../src/domain/contact.ts';
import { ConfigError, parseServerEnv } from '../../src/server/platform/config/env.ts';
import {
  isProduction,
  missingInProduction,
  PRODUCTION_REQUIRED,
} from '../../src/server/platform/config/production.ts';

const REMOTE = 'postgres://app:secret@db.example.supabase.co:5432/postgres';
const LOCAL = 'postgres://postgres@127.0.0.1:5432/app';
const COMPLETE = {
  DATABASE_URL: REMOTE,
  SITE_URL: 'https://daytoncontractors.example',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SMTP_URL: 'smtps://user:pass@smtp.example.com',
  MAIL_FROM: 'Dayton Contractors <hello@daytoncontractors.example>',
  ALTCHA_HMAC_KEY: 'a-production-altcha-key-of-at-least-32-chars',
  SECOND_FACTOR_KEY: 'a-production-second-factor-key-of-32-chars',
  TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_VERIFY_SERVICE_SID: `VA${'2'.repeat(32)}`,
  VAPID_PUBLIC_KEY: 'BBgY7ngEZ7mu6upXXYT82eJ5MHky7Mh6VOZebzpdMhax-Tg-9MbkrU9YTBEb5zZGF5gOraJfWsl_mWcRABbAZ1A',
  VAPID_PRIVATE_KEY: '1R8K5cYYEqdEZbfGZ7E2kZL308Xi_RpYQVOvsML-rOg',
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
};

describe.each([
  [
    'npm start (embedded database)',
    { EMBEDDED_DB: '1', DATABASE_URL: 'postgres://127.0.0.1:54329/x' },
    false,
  ],
  [
    'the embedded database even with NODE_ENV=production',
    { EMBEDDED_DB: '1', NODE_ENV: 'production' },
    false,
  ],
  ['a local PostgreSQL in development', { DATABASE_URL: LOCAL }, false],
  ['a local PostgreSQL under vitest', { DATABASE_URL: LOCAL, NODE_ENV: 'test' }, false],
  ['Netlify', { NETLIFY: 'true', DATABASE_URL: LOCAL }, true],
  ['NODE_ENV=production', { NODE_ENV: 'production', DATABASE_URL: LOCAL }, true],
  ['a remote database', { DATABASE_URL: REMOTE }, true],
] as const)('%s', (_, env, production) => {
  it(production ? 'is production' : 'is not production', () => {
    expect(isProduction(parseServerEnv(env))).toBe(production);
  });
});

describe('a production server', () => {
  it('needs every production variable, and names the missing ones', () => {
    expect(missingInProduction(parseServerEnv({ NETLIFY: 'true' }))).toEqual([
      ...PRODUCTION_REQUIRED,
      'SUPABASE_URL',
      'SUPABASE_SERVICE_ROLE_KEY',
    ]);
    const { STRIPE_SECRET_KEY: _, STRIPE_WEBHOOK_SECRET: _secret, ...withoutStripe } = COMPLETE;
    expect(missingInProduction(parseServerEnv(withoutStripe))).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    const { STRIPE_WEBHOOK_SECRET: _webhook, ...withoutWebhook } = COMPLETE;
    expect(missingInProduction(parseServerEnv(withoutWebhook))).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(missingInProduction(parseServerEnv(COMPLETE))).toEqual([]);
  });

  it('asks for Supabase Storage in production unless uploads go to a kept disk (UPLOADS_DIR)', () => {
    const { SUPABASE_URL: _url, SUPABASE_SERVICE_ROLE_KEY: _key, ...withoutStorage } = COMPLETE;
    expect(missingInProduction(parseServerEnv(withoutStorage))).toEqual([
      'SUPABASE_URL',
      'SUPABASE_SERVICE_ROLE_KEY',
    ]);
    expect(missingInProduction(parseServerEnv({ ...withoutStorage, UPLOADS_DIR: '/srv/uploads' }))).toEqual(
      [],
    );
  });

  it('refuses an empty secret rather than take it for one', () => {
    expect(() => parseServerEnv({ ...COMPLETE, SMTP_URL: '' })).toThrow(ConfigError);
  });
});

describe('the declaration', () => {
  it('refuses a malformed value with a configuration error, not a validation error', () => {
    expect(() => parseServerEnv({ SITE_URL: 'not a url' })).toThrow(/Invalid environment: SITE_URL/);
    try {
      parseServerEnv({ DATABASE_POOL_MAX: '0' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
    }
    expect.assertions(2);
  });

  it('gives the contact phone its one default, also for an empty value', () => {
    expect(parseServerEnv({}).PUBLIC_CONTACT_PHONE).toBe(DEFAULT_CONTACT_PHONE);
    expect(parseServerEnv({ PUBLIC_CONTACT_PHONE: '' }).PUBLIC_CONTACT_PHONE).toBe(DEFAULT_CONTACT_PHONE);
    expect(parseServerEnv({ PUBLIC_CONTACT_PHONE: '(937) 555-0199' }).PUBLIC_CONTACT_PHONE).toBe(
      '(937) 555-0199',
    );
  });
});

describe('the Stripe webhook', () => {
  it('needs STRIPE_SECRET_KEY with STRIPE_WEBHOOK_SECRET: its handlers re-read events from Stripe', () => {
    expect(() => parseServerEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY must be set with STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      parseServerEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_SECRET_KEY: 'sk_test_x' }),
    ).toMatchObject({ STRIPE_WEBHOOK_SECRET: 'whsec_x' });
  });

  it("talks to Stripe's API unless STRIPE_API_URL says otherwise", () => {
    expect(parseServerEnv({}).STRIPE_API_URL).toBe('https://api.stripe.com');
    expect(() => parseServerEnv({ STRIPE_API_URL: 'ftp://127.0.0.1' })).toThrow(ConfigError);
  });
});

describe('the VAPID key pair (Web Push alerts)', () => {
  it('takes both keys or neither, each in web-push form, and a mailto: or https: subject', () => {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = COMPLETE;
    expect(() => parseServerEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/,
    );
    expect(() => parseServerEnv({ VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY: /);
    expect(() => parseServerEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: a base64url P-256 public key/,
    );
    expect(parseServerEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toMatchObject({
      VAPID_PUBLIC_KEY: publicKey,
    });
    expect(() => parseServerEnv({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(parseServerEnv({ VAPID_SUBJECT: 'mailto:alerts@example.com' }).VAPID_SUBJECT).toBe(
      'mailto:alerts@example.com',
    );
  });
});

describe('AUTO_PUBLISH', () => {
  it('is on unless set to off, and refuses anything else', () => {
    expect(parseServerEnv({}).AUTO_PUBLISH).toBe('on');
    expect(parseServerEnv({ AUTO_PUBLISH: 'off' }).AUTO_PUBLISH).toBe('off');
    expect(() => parseServerEnv({ AUTO_PUBLISH: 'no' })).toThrow(/AUTO_PUBLISH/);
  });
});
