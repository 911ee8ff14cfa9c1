// The built-in gazetteer of our service area: a place name, slug or ZIP code typed by a user
// resolves to a named point without any external service.
export interface Place {
  slug: string;
  name: string;
  zipCodes: string[];
  latitude: number;
  longitude: number;
}

export interface ResolvedPlace {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
  zip?: string;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/,?\s*(oh|ohio)\.?$/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Resolves "Kettering", "kettering, OH", "huber-heights" or "45429"; null when unknown. */
export function resolvePlace(places: readonly Place[], text: string): ResolvedPlace | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const zip = /^(\d{5})(-\d{4})?$/.exec(trimmed)?.[1];
  if (zip) {
    const place = places.find((p) => p.zipCodes.includes(zip));
    return place
      ? { slug: place.slug, name: place.name, latitude: place.latitude, longitude: place.longitude, zip }
      : null;
  }
  const wanted = normalise(trimmed);
  const place = places.find((p) => normalise(p.name) === wanted || p.slug.replace(/-/g, ' ') === wanted);
  return place
    ? { slug: place.slug, name: place.name, latitude: place.latitude, longitude: place.longitude }
    : null;
}

/** The nearest place to a point, for "Use my location" (reverse look-up). */
export function nearestPlace<P extends Pick<Place, 'latitude' | 'longitude'>>(
  places: readonly P[],
  latitude: number,
  longitude: number,
): P | null {
  let best: P | null = null;
  let bestDistance = Infinity;
  for (const p of places) {
    const d =
      (p.latitude - latitude) ** 2 + ((p.longitude - longitude) * Math.cos((latitude * Math.PI) / 180)) ** 2;
    if (d < bestDistance) {
      best = p;
      bestDistance = d;
    }
  }
  return best;
}
