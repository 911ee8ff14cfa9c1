// TOTP secrets at rest: AES-256-GCM under a key made from SECOND_FACTOR_KEY, so a copy of the
// database alone (a backup, a leaked dump) holds no secret that makes codes.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { secondFactorKey } from '../../../platform/config/security.ts';

const VERSION = 'v1';

function key(): Buffer {
  return createHash('sha256').update(secondFactorKey()).digest();
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it was sealed under another key (or is not ours). */
export function openSecret(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
