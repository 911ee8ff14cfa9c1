// Rebuilds the search lexicon (the distinct words of ACTIVE listings) after listings change:
// seeding, approving or editing a business. A stale lexicon only weakens typo correction.
import type { Db } from '../../platform/db/client.ts';

export async function refreshSearchLexicon(sql: Db): Promise<void> {
  await sql`refresh materialized view search_lexicon`;
}
