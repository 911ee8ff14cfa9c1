// Server configuration from the environment, parsed once. Shared by the Astro server,
// the build, the scripts and the tests, so it reads process.env rather than astro:env
// (which only exists inside Astro); astro.config.mjs declares the same variables.
import path from 'node:path';
import { z } from 'zod';

const ZServerEnv = z.object({
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  EMBEDDED_DB: z.enum(['0', '1']).optional(),
  NODE_ENV: z.string().optional(),
  SITE_URL: z.url().optional(),
  PUBLIC_CONTACT_PHONE: z.string().default('(937) 555-0142'),
  UPLOADS_DIR: z.string().optional(),
  MAPBOX_TOKEN: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Dayton Contractors <no-reply@localhost>'),
  /** Base URL of the geocoding API; tests point it at a local stand-in. */
  GEOCODER_URL: z.url().default('https://api.mapbox.com'),
  /** Supabase Storage for uploads (production); tests point it at a local stand-in. */
  SUPABASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
});

/**
 * Supabase Storage takes its URL and its service role key together. One of the pair alone is a
 * half-done deployment: uploads would quietly go to a disk that a serverless function does not
 * keep. Refusing to start names the missing one instead.
 */
const ZCheckedServerEnv = ZServerEnv.superRefine((env, ctx) => {
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

let cached: ServerEnv | undefined;

/** The configuration in `env`; throws, naming each bad variable, when it is not valid. */
export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const parsed = ZCheckedServerEnv.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}

/** Mail goes to SMTP when SMTP_URL is set; otherwise it is captured and shown at /dev/mail. */
export function mailIsCaptured(): boolean {
  return !serverEnv().SMTP_URL;
}

/** The site's own origin for links in mails. */
export function siteUrl(): string {
  return (serverEnv().SITE_URL ?? 'http://localhost:4321').replace(/\/+$/, '');
}

/** The database URL, or a clear error naming how to get one. */
export function databaseUrl(): string {
  const url = serverEnv().DATABASE_URL;
  if (!url) {
    throw new Error(
      'DATABASE_URL is not set. Run the app with `npm start` or `npm run dev` (they start the embedded ' +
        'database and set it), or point DATABASE_URL at a PostgreSQL 15+ database.',
    );
  }
  return url;
}

/** Where the local upload store keeps its files (the embedded default, and the demo images). */
export function uploadsDir(): string {
  return path.resolve(serverEnv().UPLOADS_DIR ?? '.data/uploads');
}

/** Supabase Storage's project and service role key when uploads go there, null for local disk. */
export function supabaseStorage(): { url: string; serviceRoleKey: string } | null {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey } = serverEnv();
  return url && serviceRoleKey ? { url, serviceRoleKey } : null;
}
