-- Outcomes told (issue 27, Must 6). After the last contractor response a homeowner is asked once
-- (mail and the responses page) what happened: hired one of the contractors, postponed, or not
-- going ahead. Every buyer of the lead sees the outcome (whom it hired only when it was them).
alter table leads
  add column outcome text check (outcome in ('hired', 'postponed', 'not_going_ahead')),
  -- The contractor hired: one of the lead's buyers.
  add column outcome_business_id uuid references businesses (id) on delete set null,
  add column outcome_at timestamptz,
  -- When the question was mailed (once).
  add column outcome_asked_at timestamptz;
alter table leads add constraint leads_outcome_business check (outcome_business_id is null or outcome = 'hired');

-- A quote accepted before this migration was a hire: recorded, so its homeowner is not asked and
-- its contractor sees it.
update leads l set outcome = 'hired', outcome_business_id = c.business_id, outcome_at = c.accepted_at
  from lead_communications c
 where c.lead_id = l.id and c.accepted_at is not null and l.outcome is null;

-- The question's sweep reads the contractor responses of the last 30 days (askForOutcomes).
create index lead_communications_responses_idx on lead_communications (created_at)
  where message_type = 'contractor_response';
-- A requester's asked-and-unanswered requests (the limit on repeat requests).
create index leads_outcome_unanswered_idx on leads (phone, outcome_asked_at)
  where outcome is null and outcome_asked_at is not null;
