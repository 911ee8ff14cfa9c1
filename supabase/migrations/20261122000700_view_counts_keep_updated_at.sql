-- ===========================================================================
-- View counters must not touch updated_at: an article's dateModified (and the
-- build's data fingerprint) should change when its content changes, not each
-- time someone reads it. updated_at now follows the content columns only.
-- ===========================================================================

drop trigger articles_updated_at on articles;
create trigger articles_updated_at
  before update of title, slug, excerpt, cover_image_url, category, status, published_at, service, city, state,
    meta_title, meta_description, content
  on articles for each row execute function set_updated_at();

drop trigger seo_pages_updated_at on seo_pages;
create trigger seo_pages_updated_at
  before update of slug, service_id, city, state, title_tag, meta_description, canonical_url, h1_heading,
    intro_content, service_overview, local_insights, pricing_guide, faq_content, schema_markup
  on seo_pages for each row execute function set_updated_at();

drop trigger emergency_services_updated_at on emergency_services;
create trigger emergency_services_updated_at
  before update of name, slug, description, service_type, service_id, response_time_minutes, availability,
    emergency_scenarios, pricing_notes, call_to_action, why_choose_us, safety_tips
  on emergency_services for each row execute function set_updated_at();
