-- ===========================================================================
-- The first schema's own job queue (jobs, job_attempts) was never used: queued work and the
-- scheduled jobs run on pg-boss, in the schema pgboss (issue 28, src/server/jobs/queue.ts).
-- Nothing reads or writes these tables (knip and a search of src, scripts and netlify found
-- none), so they go. contractor_photos and google_places_data, unused too, stay: they are the
-- spec's data model.
-- ===========================================================================
drop table if exists job_attempts;
drop table if exists jobs;
