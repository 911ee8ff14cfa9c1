-- ===========================================================================
-- Publishing on Netlify. Two things a serverless deployment cannot do the way
-- our Node server does:
-- 1. The automatic publish after an approval: a function cannot keep a timer
--    alive after it answers, so an approval's publish request is marked
--    automatic and a scheduled function publishes once the latest automatic
--    request is a debounce old (a burst of approvals still makes one build).
-- 2. The build's end: Netlify's build hook answers at once ('triggered'), and
--    Netlify's deploy notifications (an outgoing webhook, signed) report the
--    deploy's end later; the run becomes 'live', or 'failed' with Netlify's
--    message, its requests then handed back to the next publish. The deploy's
--    title names the run (the hook's trigger_title "Publish run <id>").
-- ===========================================================================
alter table publish_requests add column automatic boolean not null default false;
create index publish_requests_automatic_idx on publish_requests (created_at)
  where published_at is null and publish_run_id is null and automatic;

alter table publish_runs add column deploy_id text;
alter table publish_runs add constraint publish_runs_deploy_id_length
  check (deploy_id is null or length(deploy_id) <= 100);
