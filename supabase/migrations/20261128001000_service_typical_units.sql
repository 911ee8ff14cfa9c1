-- ===========================================================================
-- The size of a typical job per service (issue 25): the quote wizard's budget
-- presets are a service's typical price range times this, when the price is
-- per hour, per square foot or per linear foot (a project's or a visit's
-- price is already a whole job, and leaves it null). Loaded from
-- content/services.json with the rest of the catalog.
-- ===========================================================================

alter table services
  add column typical_units integer,
  add constraint services_typical_units_positive check (typical_units is null or typical_units > 0);
