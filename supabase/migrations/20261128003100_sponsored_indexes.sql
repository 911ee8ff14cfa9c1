-- ===========================================================================
-- The search's first page carries its paid placements apart from the results (`sponsored`,
-- src/server/search/search-businesses.ts). The featured listings are a small share, so their own
-- indexes answer "the best two among the matches" without walking the rating order of every
-- listing (190 ms p95 at 100,000 listings without them: BENCHMARKS.md).
-- ===========================================================================

-- Without a place: by rating.
create index businesses_sponsored_idx on businesses (average_rating desc nulls last, name, id)
  where status = 'ACTIVE' and featured;
-- With a place, nearest first: the featured listings' own points, read in distance order.
create index businesses_sponsored_xy_idx on businesses using gist (location_xy) where status = 'ACTIVE' and featured;
