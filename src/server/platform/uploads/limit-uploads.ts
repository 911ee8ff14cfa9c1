// Uploads from one client address per hour: enough for a dozen quotes, not for free hosting.
import { addressKey } from '../../../domain/client-address.ts';
import { checkRateLimit } from '../security/rate-limit.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';

export const UPLOADS_PER_IP_PER_HOUR = 60;

export async function limitUploads(sql: Sql, ip: string | null): Promise<void> {
  if (ip && !(await checkRateLimit(sql, addressKey(ip), 'upload:ip', UPLOADS_PER_IP_PER_HOUR, 60)).allowed) {
    throw new AppError('RATE_LIMITED', 'Too many uploads. Please try again later.');
  }
}
