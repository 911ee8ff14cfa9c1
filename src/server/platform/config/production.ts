// The production rule: a server real users reach must have every secret, and never falls back to
// a development stand-in (the sandbox gateway, captured mail, localhost links).
import { isLocalDatabaseUrl } from '../db/local-url.ts';
import { ConfigError, serverEnv, type ServerEnv } from './env.ts';

/**
 * Production is a server real users reach, where a development stand-in (the sandbox gateway,
 * captured mail, localhost links) would fail silently. It is any process not on the embedded
 * database (EMBEDDED_DB=1: npm start, the tests, the benches, check:netlify) that runs on
 * Netlify (NETLIFY), says so (NODE_ENV=production), or uses a database on another machine
 * (a hosted PostgreSQL such as Supabase: this holds in Netlify's functions whatever Netlify sets).
 */
export function isProduction(env: ServerEnv): boolean {
  if (env.EMBEDDED_DB === '1') return false;
  const remoteDatabase = env.DATABASE_URL !== undefined && !isLocalDatabaseUrl(env.DATABASE_URL);
  return Boolean(env.NETLIFY) || env.NODE_ENV === 'production' || remoteDatabase;
}

/** Without these, production would run on a development stand-in, so it refuses to run. */
export const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'SITE_URL',
  'STRIPE_SECRET_KEY',
  // Without it Stripe's events (refunds, chargebacks, cards, plans, invoices) would never arrive.
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'ALTCHA_HMAC_KEY',
  'SECOND_FACTOR_KEY',
  // Without them no phone could be proven, so no lead could be sold (the sandbox only shows codes
  // on this machine's /dev/sms).
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_VERIFY_SERVICE_SID',
  // Without them no alert could be pushed: a key pair kept on a function's disk would change with
  // every instance, and every device's subscription with it.
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
] as const;
type ProductionVariable = (typeof PRODUCTION_REQUIRED)[number];

/**
 * The required variables `env` lacks: none outside production. Uploads need Supabase Storage
 * there too, unless UPLOADS_DIR names a disk that is kept (self-hosting): a serverless function's
 * own disk is not.
 */
export function missingInProduction(env: ServerEnv): string[] {
  if (!isProduction(env)) return [];
  const missing: string[] = PRODUCTION_REQUIRED.filter((name) => !env[name]);
  if (!env.UPLOADS_DIR && !env.SUPABASE_URL && !env.SUPABASE_SERVICE_ROLE_KEY) {
    missing.push('SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY');
  }
  return missing;
}

function missingError(names: string[]): ConfigError {
  return new ConfigError(
    `Production needs ${names.join(', ')}: set ${names.length === 1 ? 'it' : 'them'} in the server's ` +
      'environment (README.md, Environment variables). Nothing falls back to a development stand-in here.',
  );
}

/**
 * Called before a server answers its first on-demand request (src/middleware.ts), so a
 * production server with a variable missing fails every request, loudly, from the start,
 * rather than when the first quote is sold. The build never calls it.
 */
export function checkProductionConfig(): void {
  const missing = missingInProduction(serverEnv());
  if (missing.length) throw missingError(missing);
}

/** A variable production must have; elsewhere undefined, and the caller falls back. */
export function productionValue(name: ProductionVariable): string | undefined {
  const env = serverEnv();
  const value = env[name];
  if (!value && isProduction(env)) throw missingError([name]);
  return value;
}
