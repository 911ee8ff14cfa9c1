-- ===========================================================================
-- On a Supabase host every table of the public schema is also served by its
-- Data API (PostgREST) to the `anon` and `authenticated` roles, whose API keys
-- are public. This app never uses the Data API: its server connects as the
-- tables' owner and holds all authority (ARCHITECTURE.md). So those roles get
-- no privileges here, and row level security is on for every table with no
-- policy, which denies any other role every row; the owner is not subject to it.
-- A later migration that adds a table enables row level security on it
-- (tests/integration/schema.test.ts checks every table).
-- ===========================================================================

do $$
declare
  t record;
  r text;
begin
  for t in select tablename from pg_tables where schemaname = 'public' loop
    execute format('alter table public.%I enable row level security', t.tablename);
  end loop;
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on all tables in schema public from %I', r);
      execute format('revoke all on all sequences in schema public from %I', r);
      execute format('revoke all on all functions in schema public from %I', r);
      execute format('alter default privileges in schema public revoke all on tables from %I', r);
      execute format('alter default privileges in schema public revoke all on sequences from %I', r);
      execute format('alter default privileges in schema public revoke all on functions from %I', r);
    end if;
  end loop;
end $$;
