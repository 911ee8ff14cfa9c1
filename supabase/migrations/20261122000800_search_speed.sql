-- ===========================================================================
-- Search at scale (100,000 businesses):
-- * search_lexicon: the distinct words of ACTIVE listings (the table is schema-qualified:
--   PostgreSQL 17+ builds materialized views with a safe search_path), so a typo is corrected against
--   a few thousand words by trigram similarity, instead of scoring every listing's text.
-- * listing indexes: the default and rating orders read in index order and stop at a page.
-- * location_xy: a point in locally scaled degrees, GiST-indexed, for nearest-first order.
-- ===========================================================================

create materialized view search_lexicon as
  select word from ts_stat($$select to_tsvector('simple', search_text) from public.businesses where status = 'ACTIVE'$$)
  where length(word) between 3 and 40 and word ~ '^[a-z]+$';
create unique index search_lexicon_word_idx on search_lexicon (word);
create index search_lexicon_trgm_idx on search_lexicon using gin (word gin_trgm_ops);

create index businesses_listing_idx on businesses (featured desc, verified desc, name, id) where status = 'ACTIVE';
create index businesses_rating_idx on businesses (average_rating desc nulls last, total_reviews desc, name, id)
  where status = 'ACTIVE';

-- x is longitude scaled by cos(39.75 deg), the middle of the service area, so that planar
-- distance orders like great-circle distance across the area.
alter table businesses add column location_xy point
  generated always as (
    case when latitude is null or longitude is null then null
         else point(longitude * 0.76880, latitude) end) stored;
create index businesses_location_xy_idx on businesses using gist (location_xy) where status = 'ACTIVE';

-- Suggestions match name prefixes in byte order ("C"), so the index serves both the LIKE
-- range and the order, and a common prefix ("gem" -> thousands of names) stops at a page.
create index businesses_name_prefix_idx on businesses ((lower(name) collate "C")) where status = 'ACTIVE';
