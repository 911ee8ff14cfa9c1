// Server configuration: the one declaration of every variable the server reads, and the one
// place that reads the environment (with database.ts's two settings read afresh); the files beside
// it (src/server/platform/config/) say what each setting is for. The same modules run in the Astro
// server, the build, the scripts and the tests, so this reads process.env rather than astro:env,
// which exists only inside Astro (docs/decisions.md, issue 11).
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_CONTACT_PHONE } from '../../../domain/contact.ts';

const ZSecret = z.string().min(1).optional();

/** A comma-separated list, blanks dropped: unset or empty is an empty list. */
const ZCommaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/** A host name with an optional port, as a Host header carries it (no scheme, no path). */
const ZHostName = z
  .string()
  .transform((host) => host.toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)(:\d{1,5})?$/, 'a host name, e.g. www.example.com'),
  );

/** An IP address or a CIDR prefix (203.0.113.0/24, 2001:db8::/32). */
const ZAddressOrPrefix = z.string().refine((entry) => {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}, 'an IP address or a CIDR prefix, e.g. 10.0.0.0/8');

/** The declaration; database.ts reads two of its settings afresh through its shape. */
export const ZServerEnv = z.object({
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * How DATABASE_URL's server lends connections: 'transaction' for a transaction-mode pooler
   * (PgBouncer, Supabase's pooler on port 6543, the default for that port), where a session's
   * prepared statements do not survive; 'session' (the default otherwise) for PostgreSQL itself or
   * a session-mode pooler.
   */
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).optional(),
  /** Set to 1 by the launchers (npm start, tests, benches) for the embedded PGlite. */
  EMBEDDED_DB: z.enum(['0', '1']).optional(),
  NODE_ENV: z.string().optional(),
  /** Set by Netlify on its builders. */
  NETLIFY: z.string().optional(),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Host names this server answers for besides SITE_URL's (e.g. www.example.com), comma-separated. */
  ALLOWED_HOSTS: ZCommaList.pipe(z.array(ZHostName)),
  /** Addresses or CIDR prefixes of the reverse proxies whose X-Forwarded-* headers are believed. */
  TRUSTED_PROXIES: ZCommaList.pipe(z.array(ZAddressOrPrefix)),
  /** The Node server's port (npm start, the tests' server). */
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  /** The Node server's address: loopback unless told otherwise. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Empty counts as unset: the site then shows the default number. */
  PUBLIC_CONTACT_PHONE: z
    .string()
    .optional()
    .transform((phone) => phone || DEFAULT_CONTACT_PHONE),
  UPLOADS_DIR: z.string().optional(),
  MAPBOX_TOKEN: ZSecret,
  /** Base URL of the geocoding API; tests point it at a local stand-in. */
  GEOCODER_URL: z.url().default('https://api.mapbox.com'),
  SMTP_URL: ZSecret,
  MAIL_FROM: z.string().min(3).optional(),
  STRIPE_SECRET_KEY: ZSecret,
  /**
   * The signing secret (whsec_...) of the Stripe webhook endpoint /api/stripe/webhook, from the
   * endpoint's page in Stripe's dashboard. Unset: the endpoint answers 404 (the sandbox has no
   * webhooks). Needs STRIPE_SECRET_KEY: every event's object is re-read from Stripe.
   */
  STRIPE_WEBHOOK_SECRET: ZSecret,
  /** Base URL of Stripe's API; tests point it at a local stand-in. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  /** Google Places for the business look-up at contractor sign-up; unset searches our listings only. */
  GOOGLE_PLACES_KEY: ZSecret,
  /** Base URL of the Places API; tests point it at a local stand-in. */
  GOOGLE_PLACES_URL: z.url({ protocol: /^https?$/ }).default('https://maps.googleapis.com'),
  /**
   * Netlify's build hook: a publish POSTs it (src/server/platform/publish/build-hook.ts). A secret, never
   * logged. Unset: a publish rebuilds the site locally in our Node server.
   */
  BUILD_HOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * 'off': no automatic publish (approvals, contractors' own edits and review changes wait for an
   * admin's Publish). The browser tests' server sets it, so the site they are served from is not
   * rebuilt under them; unset (on) everywhere else.
   */
  AUTO_PUBLISH: z.enum(['on', 'off']).default('on'),
  /**
   * The JWS secret of Netlify's deploy notifications (outgoing webhooks "Deploy succeeded" and
   * "Deploy failed" to /api/netlify/deploy-status). Unset: that endpoint answers 404 and a run
   * whose hook Netlify accepted stays 'triggered'.
   */
  NETLIFY_DEPLOY_WEBHOOK_SECRET: ZSecret,
  /** Signs the quote form's proof-of-work challenges (ALTCHA); production must set its own. */
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
  /**
   * Encrypts the authenticator apps' TOTP secrets at rest (AES-256-GCM; any string of 32+
   * characters, hashed to the key). Production must set its own; changing it orphans the
   * enrolled apps (their owners sign in with a recovery code and enrol again).
   */
  SECOND_FACTOR_KEY: z.string().min(32).optional(),
  /**
   * How much work a quote form's challenge asks for: the solver tries up to this many hashes
   * (the challenge picks its number between a fifth of it and all of it). Tests lower it.
   */
  QUOTE_POW_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  /** Supabase Storage for uploads (production); tests point it at a local stand-in. */
  SUPABASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  /**
   * Twilio for proving homeowners' phones (Verify), line types (Lookup) and alert texts
   * (Messaging). The account's SID and auth token and the Verify service's SID go together;
   * unset, codes and texts go to the sandbox, readable at /dev/sms.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'an account SID, AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: ZSecret,
  TWILIO_VERIFY_SERVICE_SID: z
    .string()
    .regex(/^VA[0-9a-fA-F]{32}$/, 'a Verify service SID, VA followed by 32 hex digits')
    .optional(),
  /** The Messaging Service that sends alert texts (MG...); unset, no texts but codes are sent. */
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'a Messaging Service SID, MG followed by 32 hex digits')
    .optional(),
  /**
   * The VAPID key pair (RFC 8292) that signs Web Push alerts, as web-push's generateVAPIDKeys()
   * writes them (base64url: a 65-byte public key, a 32-byte private key). Required in production;
   * the embedded default generates a pair once and keeps it in .data/vapid-keys.json. Changing
   * it ends every device's subscription (browsers subscribed with the old public key).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about our alerts: a mailto: or https: URL; default mailto: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: or https: URL')
    .optional(),
  /** Base URL standing in for *.twilio.com; tests point it at a local stand-in. */
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/**
 * Supabase Storage takes its URL and its service role key together. One of the pair alone is a
 * half-done deployment: uploads would quietly go to a disk that a serverless function does not
 * keep. Refusing to start names the missing one instead.
 */
const ZCheckedServerEnv = ZServerEnv.superRefine((env, ctx) => {
  if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message:
        'STRIPE_SECRET_KEY must be set with STRIPE_WEBHOOK_SECRET: the webhook re-reads each event from Stripe',
    });
  }
  const twilioParts = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID'] as const;
  const twilioMissing = twilioParts.filter((name) => !env[name]);
  if (twilioMissing.length > 0 && twilioMissing.length < twilioParts.length) {
    ctx.addIssue({
      code: 'custom',
      path: twilioMissing,
      message: `${twilioMissing.join(', ')} must be set with the other Twilio variables (${twilioParts.join(', ')}), or none of them for the sandbox`,
    });
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npx web-push generate-vapid-keys)',
    });
  }
  const supabase = ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'] as const;
  const missing = supabase.filter((name) => !env[name]);
  if (missing.length === 1) {
    ctx.addIssue({
      code: 'custom',
      path: missing,
      message: `${missing[0]} must be set with ${supabase.find((name) => name !== missing[0])}: Supabase Storage needs both (or neither, for local disk)`,
    });
  }
});

export type ServerEnv = z.infer<typeof ZServerEnv>;

/** A configuration the server cannot run with: a plain Error, so it is a logged 500, never a 400. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The variables of `source` checked against the declaration. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const parsed = ZCheckedServerEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  return parsed.data;
}

let cached: ServerEnv | undefined;

export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
