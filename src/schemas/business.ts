// Business fields shared by the contractor registration and profile forms (to come) and their
// endpoints. Zod's tree-shakable mini build, so the islands ship only the checks they use.
import * as z from 'zod/mini';
import { WEBSITE_MAX, WEBSITE_MESSAGE, WEBSITE_PATTERN } from '../domain/website.ts';

export * from '../domain/website.ts';

/**
 * A website: trimmed, at most WEBSITE_MAX characters (checked first, in a pipe), then the
 * pattern, then what a browser would make of it: an http(s) URL with a host.
 */
export const ZWebsite = z.pipe(
  z.string({ error: WEBSITE_MESSAGE }).check(z.trim(), z.maxLength(WEBSITE_MAX, WEBSITE_MESSAGE)),
  z.string().check(
    z.regex(WEBSITE_PATTERN, WEBSITE_MESSAGE),
    z.refine((site) => {
      try {
        const url = new URL(site);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, WEBSITE_MESSAGE),
  ),
);
export type TWebsite = z.output<typeof ZWebsite>;
