-- ===========================================================================
-- Honest ranking in the contractor search (issue 25): the default order is no longer paid
-- placement first ("featured desc, verified desc, name") but "best": verified first, then the
-- top-rated rule of src/domain/ranking.ts (at least 3 reviews, rating, review count), then name.
-- This index has the same order (the text rank between them is a constant without words), so the
-- default search reads a page of it and stops, as the old order read businesses_listing_idx.
-- The 3 is TOP_RATED_MIN_REVIEWS; the planner matches the expression only as written here.
-- ===========================================================================

drop index if exists businesses_listing_idx;
create index businesses_best_idx on businesses
  (verified desc, (total_reviews >= 3) desc, average_rating desc nulls last, total_reviews desc, name, id)
  where status = 'ACTIVE';
