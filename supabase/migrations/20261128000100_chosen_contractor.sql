-- ===========================================================================
-- Ask the pro you chose (issue 25): a request made from a contractor's profile
-- names that contractor. The sale offers it to that contractor first when it
-- matches (service, area, not paused, a card that pays) and then to up to two
-- similar ones; otherwise the request is matched as any other. Null: no choice.
-- ===========================================================================

-- The contractor the homeowner asked from its profile (kept if it leaves: null).
alter table leads
  add column chosen_business_id uuid references businesses (id) on delete set null;
-- Few requests name one; the index keeps a business's removal from scanning every lead.
create index leads_chosen_business_idx on leads (chosen_business_id) where chosen_business_id is not null;
