// What every section of the profile page is given: the page, read once by
// src/pages/contractor/[slug].astro.
import type { ProfilePage } from '~/server/site';

export interface SectionProps {
  page: ProfilePage;
}
