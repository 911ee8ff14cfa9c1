// libphonenumber-js's (minimal) metadata, kept to calling code 1: shared by the generator script
// and the test that keeps the committed file in step with the installed package.
import { createRequire } from 'node:module';

interface Metadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

export function nanpMetadata(): Metadata {
  const full = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json') as Metadata;
  const nanp = full.country_calling_codes['1'] ?? [];
  return {
    version: full.version,
    country_calling_codes: { '1': nanp },
    countries: Object.fromEntries(nanp.map((country) => [country, full.countries[country]])),
  };
}
