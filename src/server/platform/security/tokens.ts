// Random secrets and their stored form: 256 random bits, base64url in the cookie or link,
// SHA-256 hex in the database (a stolen table holds nothing that can be replayed).
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
