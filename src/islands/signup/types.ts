// What the prebuilt /contractor-signup page hands the island.
export interface CatalogService {
  slug: string;
  name: string;
}

export interface SignupProps {
  services: CatalogService[];
  /** Every ZIP code of our service areas: a service ZIP must be one of them. */
  areaZips: string[];
}
