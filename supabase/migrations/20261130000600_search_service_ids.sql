-- ===========================================================================
-- Search by trade at 1,000,000 listings (issue 28). "HVAC within 10 miles of 45459" read the
-- ~30,000 listings in the circle and looked each one up in business_services (160 ms), or the
-- ~33,000 HVAC listings and checked each one's place. The services a business offers are now
-- also on the business (service_ids, kept by the trigger that keeps service_names), so both
-- conditions are index conditions and PostgreSQL reads only the listings that meet both.
-- Ids, not names: a service renamed in the catalog does not leave old names behind.
-- ===========================================================================

alter table businesses add column service_ids uuid[] not null default '{}';

-- Filled without touching updated_at (the pages' last-modified dates) or the search fields.
alter table businesses disable trigger businesses_updated_at;
update businesses b
   set service_ids = linked.ids
  from (select business_id, array_agg(service_id order by service_id) as ids
          from business_services group by business_id) linked
 where linked.business_id = b.id;
alter table businesses enable trigger businesses_updated_at;

-- Not partial: PostgreSQL combines two bitmap scans only when their conditions differ, and a
-- second index with the place index's "status = 'ACTIVE'" predicate was never combined with it
-- (the GIN index alone, or the place index alone, was read instead: 500 ms at 1,000,000).
create index businesses_service_ids_idx on businesses using gin (service_ids);

-- The trigger keeps both mirrors, and now also the business a link moved away from.
create or replace function business_services_sync_names() returns trigger
language plpgsql as $$
declare
  target uuid;
begin
  foreach target in array array_remove(array[
    case when tg_op <> 'DELETE' then new.business_id end,
    case when tg_op <> 'INSERT' and (tg_op = 'DELETE' or old.business_id <> new.business_id) then old.business_id end
  ], null)
  loop
    update businesses b
       set service_names = coalesce((
             select array_agg(s.name order by s.name)
               from business_services bs join services s on s.id = bs.service_id
              where bs.business_id = target), '{}'),
           service_ids = coalesce((
             select array_agg(bs.service_id order by bs.service_id)
               from business_services bs
              where bs.business_id = target), '{}')
     where b.id = target;
  end loop;
  return null;
end;
$$;
drop trigger business_services_names on business_services;
create trigger business_services_names after insert or delete or update of service_id, business_id
  on business_services for each row execute function business_services_sync_names();
