// Requests whose phone nobody proved (or whose VoIP line's e-mail nobody confirmed) are never
// sold: after 48 hours they expire, and their photos (and any upload no request kept) are
// deleted. Run on a schedule.
import type { Sql } from '../../platform/db/client.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import { deleteUnusedUploads } from '../../platform/uploads/quote-photos.ts';
import { QUOTE_CONFIRM_HOURS as CONFIRM_HOURS } from '../../../domain/quote-rules.ts';

export async function expireUnconfirmedQuotes(
  sql: Sql,
  store: UploadStore,
): Promise<{ expired: number; photosDeleted: number }> {
  const expired = await sql`
    update leads set qualification = 'expired', photos = '{}', confirm_token_hash = null
    where qualification in ('unconfirmed', 'awaiting_email') and created_at < now() - make_interval(hours => ${CONFIRM_HOURS})
    returning id`;
  // The expired requests' photos now belong to no request, so the unused-upload sweep takes them.
  return { expired: expired.length, photosDeleted: await deleteUnusedUploads(sql, store) };
}
