-- The contractor's dashboard on a phone (issue 24): a stage move that can be undone, and the
-- portfolio the contractor keeps in order.
-- ===========================================================================

-- previous_stage: the stage the last move by hand started from, kept so that move alone can be
-- taken back for a short while (src/server/dashboard/undo-lead-stage.ts; the window is
-- STAGE_UNDO_SECONDS in src/domain/lead-stages.ts). Cleared by the undo itself and by a response
-- that moves the stage, so nothing older than the move just made is ever restored.
alter table lead_distributions
  add column previous_stage text,
  add constraint lead_distributions_previous_stage check (
    previous_stage is null or previous_stage in ('NEW', 'CONTACTED', 'IN_PROGRESS'));

-- The portfolio as its owner orders it (display_order, then newest), and what the dashboard's
-- editor writes: a title and a description of bounded length (portfolio rules in
-- src/domain/portfolio-rules.ts).
create index portfolio_items_business_order_idx on portfolio_items (business_id, display_order, created_at desc);
alter table portfolio_items
  add constraint portfolio_items_title_length check (length(title) between 1 and 120),
  add constraint portfolio_items_description_length check (description is null or length(description) <= 1000);
