// The database settings: its URL, how its server lends connections, the embedded default.
import { ConfigError, serverEnv, ZServerEnv, type ServerEnv } from './env.ts';
import { productionValue } from './production.ts';

/**
 * DATABASE_POOL_MODE, read afresh each time (not through serverEnv's cache): database clients are
 * made before a test or a launcher has pointed DATABASE_URL at its database, and the configuration
 * must not be read and kept before that.
 */
export function databasePoolMode(
  env: Record<string, string | undefined> = process.env,
): ServerEnv['DATABASE_POOL_MODE'] {
  return ZServerEnv.shape.DATABASE_POOL_MODE.parse(env['DATABASE_POOL_MODE'] || undefined);
}

/**
 * Whether EMBEDDED_DB says this process runs on the embedded database, read when asked rather
 * than from the cached environment: the database client is made before a test sets DATABASE_URL.
 */
export function embeddedDbSetting(env: Record<string, string | undefined> = process.env): boolean {
  return ZServerEnv.shape.EMBEDDED_DB.parse(env['EMBEDDED_DB'] || undefined) === '1';
}

/** The database URL, or a clear error naming how to get one. */
export function databaseUrl(): string {
  const url = productionValue('DATABASE_URL');
  if (!url) {
    throw new ConfigError(
      'DATABASE_URL is not set. Run the app with `npm start` or `npm run dev` (they start the embedded ' +
        'database and set it), or point DATABASE_URL at a PostgreSQL 15+ database.',
    );
  }
  return url;
}

export function isEmbeddedDatabase(): boolean {
  return serverEnv().EMBEDDED_DB === '1';
}
