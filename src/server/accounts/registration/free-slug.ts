// A business's slug made from its name, unique among businesses: the name's slug, else -2, -3...
// Two registrations of one name at once take the slug's advisory lock in turn, so the second
// sees the first's row and takes the next number instead of failing on the unique constraint.
// The lock is the base without trailing numbers, so "Acme" (taking acme-2 when acme is taken) and
// "Acme 2" (whose own slug is acme-2) take the same lock too.
import { slugify, uniqueSlug } from '../../../domain/slug.ts';
import type { TransactionSql } from '../../platform/db/client.ts';

/** Used when a name has no letter or digit a slug can keep ("東京"). */
const FALLBACK_SLUG = 'contractor';

export async function freeSlug(tx: TransactionSql, name: string): Promise<string> {
  const base = slugify(name).slice(0, 80).replace(/-+$/, '') || FALLBACK_SLUG;
  const family = base.replace(/(-[0-9]+)+$/, '') || base;
  await tx`select pg_advisory_xact_lock(hashtext(${`business-slug:${family}`}))`;
  const taken = await tx<{ slug: string }[]>`
    select slug from businesses where slug = ${base} or slug ~ ${`^${base}-[0-9]+$`}`;
  return uniqueSlug(base, new Set(taken.map((row) => row.slug)));
}
