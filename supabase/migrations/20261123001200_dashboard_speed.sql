-- ===========================================================================
-- The dashboard's measured response time (business_response_minutes) reads one
-- business's first responses of the last 30 days. Without an index on
-- responded_at the planner scanned every distribution of every business (3.4 ms
-- at 30,000 rows, growing with the whole table; bench/dashboard.ts, EXPLAIN in
-- BENCHMARKS.md); with this one it reads only that business's recent responses.
-- The lead list needs nothing more than 20261123001000's keyset indexes.
-- ===========================================================================

create index lead_distributions_business_responded_idx
  on lead_distributions (business_id, responded_at)
  where responded_at is not null;
