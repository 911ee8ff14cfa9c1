-- The admin content page (issue 15): reviews an admin hides, with the reason, who and when. A
-- hidden review leaves the public profile and its business's rating and review count (recomputed
-- from the verified reviews not hidden, in the transaction of the change) with the next publish;
-- showing it again restores both. Keyset indexes for the admin lists of reviews and articles (the
-- SEO pages page by their unique slug).

alter table reviews
  add column hidden_at     timestamptz,
  add column hidden_reason text,
  add column hidden_by     uuid references users (id) on delete set null;
alter table reviews add constraint reviews_hidden_reason check (
  (hidden_at is null and hidden_reason is null)
  or (hidden_at is not null and char_length(hidden_reason) between 1 and 1000));

-- Every review, newest first (the admin list), and the public ones per business.
create index admin_reviews_created_idx on reviews (created_at desc, id desc);
drop index reviews_business_verified_idx;
create index reviews_business_verified_idx on reviews (business_id, created_at desc)
  where verified and hidden_at is null;

-- Articles, most recently changed first (drafts included).
create index admin_articles_updated_idx on articles (updated_at desc, id desc);
