// Loads the catalog into the database, upserting by slug, in one transaction. Running it
// again updates what changed and inserts what is new; it never deletes editorial rows.
import type { Sql } from '../../platform/db/client.ts';
import type { Catalog } from './load-catalog.ts';
import { sealArticleBodies } from '../pages/article-body-seal.ts';

export interface UpsertCounts {
  services: number;
  serviceAreas: number;
  emergencyServices: number;
  articles: number;
}

export async function upsertCatalog(sql: Sql, catalog: Catalog): Promise<UpsertCounts> {
  return sql.begin(async (tx) => {
    const services = catalog.services.map((s, i) => ({
      slug: s.slug,
      name: s.name,
      category: s.category,
      description: s.description,
      is_popular: s.isPopular,
      is_emergency: s.isEmergency,
      price_min_cents: s.priceMin * 100,
      price_max_cents: s.priceMax * 100,
      price_unit: s.priceUnit,
      typical_units: s.typicalUnits ?? null,
      keywords: s.keywords,
      faq: tx.json(s.faq),
      price_notes: s.priceNotes,
      specialties: s.specialties,
      project_types: s.projectTypes,
      sort_order: i,
    }));
    await tx`
      insert into services ${tx(services)}
      on conflict (slug) do update set
        name = excluded.name, category = excluded.category, description = excluded.description,
        is_popular = excluded.is_popular, is_emergency = excluded.is_emergency,
        price_min_cents = excluded.price_min_cents, price_max_cents = excluded.price_max_cents,
        price_unit = excluded.price_unit, typical_units = excluded.typical_units, keywords = excluded.keywords, faq = excluded.faq,
        price_notes = excluded.price_notes, specialties = excluded.specialties, project_types = excluded.project_types,
        sort_order = excluded.sort_order`;

    const areas = catalog.serviceAreas.map((a) => ({
      slug: a.slug,
      name: a.name,
      county: a.county,
      population: a.population,
      zip_codes: a.zipCodes,
      latitude: a.latitude,
      longitude: a.longitude,
      description: a.description,
      neighborhoods: a.neighborhoods,
      housing_notes: a.housingNotes,
    }));
    await tx`
      insert into service_areas ${tx(areas)}
      on conflict (slug) do update set
        name = excluded.name, county = excluded.county, population = excluded.population,
        zip_codes = excluded.zip_codes, latitude = excluded.latitude, longitude = excluded.longitude,
        description = excluded.description, neighborhoods = excluded.neighborhoods,
        housing_notes = excluded.housing_notes`;

    for (const e of catalog.emergencyServices) {
      await tx`
        insert into emergency_services (
          name, slug, description, service_type, service_id, response_time_minutes, availability,
          emergency_scenarios, pricing_notes, call_to_action, why_choose_us, safety_tips)
        values (
          ${e.name}, ${e.slug}, ${e.description}, ${e.serviceType},
          (select id from services where slug = ${e.serviceSlug}), ${e.responseTimeMinutes},
          ${e.availability}, ${e.scenarios}, ${e.pricingNotes}, ${e.callToAction},
          ${e.whyChooseUs}, ${e.safetyTips})
        on conflict (slug) do update set
          name = excluded.name, description = excluded.description, service_type = excluded.service_type,
          service_id = excluded.service_id, response_time_minutes = excluded.response_time_minutes,
          availability = excluded.availability, emergency_scenarios = excluded.emergency_scenarios,
          pricing_notes = excluded.pricing_notes, call_to_action = excluded.call_to_action,
          why_choose_us = excluded.why_choose_us, safety_tips = excluded.safety_tips`;
    }
    const aliases = catalog.emergencyServices.flatMap((e) =>
      e.aliases.map((alias) => ({ alias, emergency_slug: e.slug })),
    );
    if (aliases.length) {
      await tx`
        insert into emergency_service_aliases ${tx(aliases)}
        on conflict (alias) do update set emergency_slug = excluded.emergency_slug`;
    }

    for (const a of catalog.articles) {
      await tx`
        insert into articles (
          title, slug, excerpt, cover_image_url, category, status, published_at, service, city, state,
          meta_title, meta_description, content)
        values (
          ${a.title}, ${a.slug}, ${a.excerpt}, ${a.coverImage ?? null}, ${a.category}, 'published',
          ${a.publishedAt}::date, ${a.service ?? null}, ${a.city ?? null}, ${a.city ? 'OH' : null},
          ${a.metaTitle}, ${a.metaDescription}, ${tx.json({ format: 'markdown', body: a.body })})
        on conflict (slug) do update set
          title = excluded.title, excerpt = excluded.excerpt, cover_image_url = excluded.cover_image_url,
          category = excluded.category, published_at = excluded.published_at, service = excluded.service,
          city = excluded.city, state = excluded.state, meta_title = excluded.meta_title,
          meta_description = excluded.meta_description, content = excluded.content`;
    }

    // Render and sanitise the articles' bodies now, once, instead of in every build.
    await sealArticleBodies(tx);

    return {
      services: services.length,
      serviceAreas: areas.length,
      emergencyServices: catalog.emergencyServices.length,
      articles: catalog.articles.length,
    };
  });
}
