// The reviews tab of /admin/content: every review, newest first (keyset pages), filtered by where
// it stands (shown, hidden by an admin, awaiting moderation with its signals, withdrawn with its
// reason), and hiding or showing one with a reason. A hidden review leaves the public profile,
// the rating and the review count of its business (recomputed in the same transaction) with the
// next publish; the change, its audit row and its publish request are one transaction. Hiding a
// review that awaits moderation refuses it (it stays hidden, now by an admin; approving is
// approve-review.ts); a withdrawn review's lead was refunded, so it is neither shown nor hidden.
import { CONTENT_MESSAGES as M, CONTENT_PAGE_SIZE, type ReviewStatus } from '../../domain/content-rules.ts';
import type {
  AdminReview,
  AdminReviewPage,
  TReviewListQuery,
  TReviewVisibility,
} from '../../schemas/admin-content.ts';
import type { Db, Sql, TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { requestPublish } from '../platform/publish/request-publish.ts';
import { recomputeBusinessRating } from '../leads/index.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { cursorCodec, keysetPage } from '../platform/cursor.ts';
import { containsPattern } from './users.ts';

interface ReviewRow {
  id: string;
  business_id: string;
  business_name: string;
  business_slug: string;
  rating: number;
  author_name: string;
  title: string | null;
  content: string;
  verified: boolean;
  created_at: Date;
  created_text: string;
  hidden_at: Date | null;
  hidden_reason: string | null;
  hidden_kind: 'admin' | 'moderation' | 'withdrawn' | null;
  signals: { kind: string; detail: string }[];
}

const STATUS: Record<NonNullable<ReviewRow['hidden_kind']>, ReviewStatus> = {
  admin: 'hidden',
  moderation: 'moderation',
  withdrawn: 'withdrawn',
};

const toReview = (r: ReviewRow): AdminReview => ({
  id: r.id,
  businessId: r.business_id,
  businessName: r.business_name,
  businessSlug: r.business_slug,
  rating: r.rating,
  authorName: r.author_name,
  title: r.title,
  content: r.content,
  verified: r.verified,
  createdAt: r.created_at.toISOString(),
  hidden: r.hidden_at !== null,
  status: r.hidden_kind ? STATUS[r.hidden_kind] : 'public',
  hiddenAt: r.hidden_at?.toISOString() ?? null,
  hiddenReason: r.hidden_reason,
  signals: Array.isArray(r.signals) ? r.signals : [],
});

function reviewColumns(sql: Db) {
  return sql`
    r.id, r.business_id, b.name as business_name, b.slug as business_slug, r.rating, r.author_name,
    r.title, r.content, r.verified, r.created_at, r.created_at::text as created_text, r.hidden_at,
    r.hidden_reason, r.hidden_kind, r.signals`;
}

/** The list's keyset: (created_at as PostgreSQL prints it, id). */
const reviewListCursor = cursorCodec('admin-reviews', ['time', 'uuid']);

export async function listReviews(
  sql: Sql,
  query: TReviewListQuery,
  limit = CONTENT_PAGE_SIZE,
): Promise<AdminReviewPage> {
  const [at, id] = query.cursor ? reviewListCursor.read(query.cursor) : [];
  const after = at && id ? { at, id } : null;
  const q = query.q?.trim().toLowerCase();
  const rows = await sql<ReviewRow[]>`
    select ${reviewColumns(sql)}
      from reviews r join businesses b on b.id = r.business_id
     where true
       ${query.show === 'visible' ? sql`and r.hidden_at is null` : sql``}
       ${query.show === 'hidden' ? sql`and r.hidden_kind = 'admin'` : sql``}
       ${query.show === 'moderation' ? sql`and r.hidden_kind = 'moderation'` : sql``}
       ${query.show === 'withdrawn' ? sql`and r.hidden_kind = 'withdrawn'` : sql``}
       ${q ? sql`and (lower(b.name) like ${containsPattern(q)} or lower(r.author_name) like ${containsPattern(q)})` : sql``}
       ${after ? sql`and (r.created_at, r.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
     order by r.created_at desc, r.id desc
     limit ${limit + 1}`;
  const { page, nextCursor } = keysetPage(rows, limit, reviewListCursor, (r) => [r.created_text, r.id]);
  return {
    reviews: page.map(toReview),
    nextCursor,
  };
}

/** One review as the tab shows it (`lock`: its row lock, for a change), or null. */
export async function readReview(
  tx: TransactionSql,
  reviewId: string,
  options: { lock?: boolean } = {},
): Promise<AdminReview | null> {
  const [row] = await tx<ReviewRow[]>`
    select ${reviewColumns(tx)} from reviews r join businesses b on b.id = r.business_id
     where r.id = ${reviewId} ${options.lock ? tx`for update of r` : tx``}`;
  return row ? toReview(row) : null;
}

/** Hides (with a reason) or shows a review; the same state again changes nothing. A review
 * awaiting moderation may be hidden (refused), not shown; a withdrawn one neither. */
export async function setReviewHidden(
  tx: TransactionSql,
  actor: AuditActor,
  reviewId: string,
  change: TReviewVisibility,
): Promise<AdminReview> {
  const reason = change.reason?.trim() ?? '';
  if (change.hidden && !reason) throw new AppError('BAD_REQUEST', M.reasonRequired);
  const [found] = await tx<{ business_id: string }[]>`select business_id from reviews where id = ${reviewId}`;
  if (!found) throw new AppError('NOT_FOUND', M.reviewNotFound);
  // The business's lock first (as a new review takes it), then the review's.
  await tx`select id from businesses where id = ${found.business_id} for update`;
  const [before] = await tx<ReviewRow[]>`
    select ${reviewColumns(tx)} from reviews r join businesses b on b.id = r.business_id
     where r.id = ${reviewId} for update of r`;
  if (!before) throw new AppError('NOT_FOUND', M.reviewNotFound);
  if (before.hidden_kind === 'withdrawn') throw new AppError('CONFLICT', M.reviewWithdrawn);
  const refusing = before.hidden_kind === 'moderation';
  if (refusing && !change.hidden) throw new AppError('CONFLICT', M.awaitsModeration);
  if (!refusing && (before.hidden_at !== null) === change.hidden) return toReview(before);
  const [ratingBefore] = await tx<{ averageRating: number | null; totalReviews: number }[]>`
    select average_rating::float8 as "averageRating", total_reviews as "totalReviews"
      from businesses where id = ${before.business_id}`;
  const [changed] = await tx<Pick<ReviewRow, 'hidden_at' | 'hidden_reason' | 'hidden_kind'>[]>`
    update reviews
       set hidden_at = ${change.hidden ? tx`coalesce(hidden_at, now())` : null},
           hidden_kind = ${change.hidden ? 'admin' : null},
           hidden_reason = ${change.hidden ? reason : null},
           hidden_by = ${change.hidden ? actor.id : null}
     where id = ${reviewId}
    returning hidden_at, hidden_reason, hidden_kind`;
  const ratingAfter = await recomputeBusinessRating(tx, before.business_id);
  await audited(
    tx,
    actor,
    change.hidden ? 'review.hide' : 'review.show',
    { type: 'review', id: reviewId },
    {
      business: before.business_name,
      author: before.author_name,
      hidden: before.hidden_at !== null,
      reason: before.hidden_reason,
      ...(refusing ? { status: 'moderation', signals: before.signals } : {}),
      ...ratingBefore,
    },
    {
      business: before.business_name,
      author: before.author_name,
      hidden: change.hidden,
      reason: change.hidden ? reason : null,
      ...ratingAfter,
    },
  );
  // A refused review was never public: nothing on the site changes.
  if (!refusing) {
    await requestPublish(tx, {
      reason: change.hidden ? 'Review hidden by an admin' : 'Review shown again by an admin',
      entityType: 'review',
      entityId: reviewId,
      requestedBy: actor.id,
      automatic: true,
    });
  }
  return toReview({ ...before, ...changed! });
}
