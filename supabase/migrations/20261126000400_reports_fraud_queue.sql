-- ===========================================================================
-- Contractors' reports, the fraud queue and unanswered leads (issue 23, Must 3
-- and 7). Two buyers reporting a lead fake or unreachable refund every buyer
-- and block its contact details; the admin fraud queue lists held and reported
-- requests with one-click block and release; an answered lead the homeowner
-- never opened is credited ('unanswered'). docs/decisions.md says why.
-- ===========================================================================

-- ---------------------------------------------------------------------------
-- Leads: where buyers' reports and the admin's review stand.
-- ---------------------------------------------------------------------------
alter table leads
  -- The latest buyer report of the lead as fake ('fake') or unreachable
  -- ('bad_number'): the fraud queue's reported list, newest first.
  add column reported_at         timestamptz,
  -- When enough buyers' reports refunded every buyer and blocked the lead's
  -- phone, e-mail and device (no admin involved).
  add column reports_refunded_at timestamptz,
  -- An admin's decision in the fraud queue: 'blocked' (refused as fraud; a
  -- sold lead's buyers refunded) or 'released' (held: sold; reported: its
  -- blocks lifted). Who and when are in the audit log too.
  add column fraud_review        text,
  add column fraud_reviewed_at   timestamptz,
  add column fraud_reviewed_by   uuid references users (id) on delete set null,
  add constraint leads_fraud_review check (fraud_review is null or fraud_review in ('blocked', 'released')),
  add constraint leads_fraud_review_time check ((fraud_review is null) = (fraud_reviewed_at is null));

-- Reports made before this column: the latest one of each lead.
update leads l set reported_at = r.at
  from (select d.lead_id, max(c.created_at) as at
          from lead_credits c join lead_distributions d on d.id = c.distribution_id
         where c.reason in ('fake', 'bad_number')
         group by d.lead_id) r
 where r.lead_id = l.id and l.reported_at is null;

-- The fraud queue's lists by keyset: reported leads newest first (held ones,
-- oldest first, use leads_held_idx); active blocks newest first.
create index leads_reported_idx on leads (reported_at desc, id desc) where reported_at is not null;
create index blocked_identities_active_keyset_idx on blocked_identities (created_at desc, id desc)
  where released_at is null;
-- The signals: requests sharing a network prefix or a device.
create index leads_client_prefix_created_idx on leads (client_prefix, created_at desc) where client_prefix is not null;
create index leads_device_created_idx on leads (device_hash, created_at desc) where device_hash is not null;

-- ---------------------------------------------------------------------------
-- Unanswered leads: the job looks at paid distributions charged in the last
-- days, newest charges first.
-- ---------------------------------------------------------------------------
create index lead_distributions_paid_charged_idx on lead_distributions (charged_at) where payment_status = 'paid';
