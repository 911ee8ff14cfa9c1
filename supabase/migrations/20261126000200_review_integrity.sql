-- ===========================================================================
-- Reviews only from real jobs (issue 23, Must 4). A review invitation goes out
-- once per job (a lead and one contractor: lead_distributions), when the
-- homeowner accepted that contractor's quote and the contractor marked the job
-- COMPLETED, or when the homeowner said from their own responses link that the
-- job is done. A review whose lead's charge is refunded is withdrawn; one whose
-- homeowner shares contact details, a network or a browser with the contractor
-- waits for moderation. docs/decisions.md ("Reviews only from real jobs").
-- ===========================================================================

-- ---------------------------------------------------------------------------
-- The job is one contractor's work on one lead: its row is the distribution
-- (one per lead and business), not a message. "The job is done", said once by
-- the homeowner, and the invitation, sent once, live there.
-- ---------------------------------------------------------------------------
alter table lead_communications drop column job_done_at;
alter table lead_distributions
  -- The homeowner confirmed on their private responses page that this
  -- contractor's job is done (set once; never cleared).
  add column job_done_at        timestamptz,
  -- The review invitation (link and mail) of this job went out.
  add column review_invited_at  timestamptz;

-- ---------------------------------------------------------------------------
-- Reviews: a hidden review always says why (the earlier check let a NULL kind
-- through, since a CHECK passes on NULL), and a withdrawn or held one keeps
-- the kind that explains it to the admin.
-- ---------------------------------------------------------------------------
alter table reviews drop constraint reviews_hidden_kind;
alter table reviews add constraint reviews_hidden_kind check (
  (hidden_at is null and hidden_kind is null)
  or (hidden_at is not null and hidden_kind is not null
      and hidden_kind in ('admin', 'moderation', 'withdrawn')));

-- The moderation queue: reviews awaiting a moderator, oldest first.
create index reviews_moderation_idx on reviews (created_at) where hidden_kind = 'moderation';
