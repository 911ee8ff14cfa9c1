-- ===========================================================================
-- Catalog details the landing pages are written from: price notes, specialties
-- and project types per service; neighborhoods and housing notes per area; the
-- reasons and safety tips of each emergency page.
-- ===========================================================================

alter table services
  add column price_notes   text   not null default '',
  add column specialties   text[] not null default '{}',
  add column project_types text[] not null default '{}';

alter table service_areas
  add column neighborhoods text[] not null default '{}',
  add column housing_notes text   not null default '';

alter table emergency_services
  add column why_choose_us text[] not null default '{}',
  add column safety_tips   text[] not null default '{}';
