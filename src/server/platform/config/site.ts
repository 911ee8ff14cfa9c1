// The site's own settings: its address, the Node server's, the contact phone, where uploads are
// kept, the business look-up, and Netlify's deploy notifications.
import path from 'node:path';
import { serverEnv } from './env.ts';
import { productionValue } from './production.ts';

/** The site's own origin for links in mails. */
export function siteUrl(): string {
  return (productionValue('SITE_URL') ?? `http://localhost:${serverEnv().PORT}`).replace(/\/+$/, '');
}

/** The Node server's address and port. */
export function serverListen(): { host: string; port: number } {
  const { HOST: host, PORT: port } = serverEnv();
  return { host, port };
}

/** The deploy notifications' JWS secret; null: /api/netlify/deploy-status answers 404. */
export function netlifyDeployWebhookSecret(): string | null {
  return serverEnv().NETLIFY_DEPLOY_WEBHOOK_SECRET ?? null;
}

/** The public contact phone ({phone} in the spec). */
export function contactPhone(): string {
  return serverEnv().PUBLIC_CONTACT_PHONE;
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

/** Google Places' key and base URL when the sign-up's business look-up uses it, else null. */
export function googlePlacesConfig(): { key: string; baseUrl: string } | null {
  const { GOOGLE_PLACES_KEY: key, GOOGLE_PLACES_URL: baseUrl } = serverEnv();
  return key ? { key, baseUrl } : null;
}
