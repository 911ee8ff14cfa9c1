-- ===========================================================================
-- Great-circle distance in miles (haversine), the one SQL copy of the formula:
-- contractor search and lead matching both call it. The Earth's mean radius is
-- src/domain/geo.ts's EARTH_RADIUS_KM (6371.0088 km) in miles (1.609344 km to a
-- mile), so the database and the domain measure alike; a test compares them.
-- Written so PostgreSQL inlines it (a plain SQL expression, immutable, not
-- strict, no SET clause): a query that calls it plans exactly as if the formula
-- were written out, so the planner still folds the constant parts and no row
-- pays for a function call. The SQL-standard body binds its functions when it
-- is created, so a caller's search_path cannot change what it calls. It reads
-- no table, so the Data API roles gain nothing from being able to call it.
-- A point without coordinates gives null (least() would turn that into the
-- antipode's distance, so the formula has no clamp).
-- ===========================================================================

create function great_circle_miles(lat1 float8, lng1 float8, lat2 float8, lng2 float8) returns float8
  language sql immutable parallel safe
  return (2 * 6371.0088 / 1.609344)::float8 * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) +
    cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)));
