// Deterministic demo data for the Dayton area: contractors spread over every service area
// and service, with reviews, portfolio, hours and sandbox cards. The same seed always gives
// the same data (faker with a fixed seed and a fixed reference date, no Date.now()).
import { Faker, base, en, en_US } from '@faker-js/faker';
import { distanceMiles } from '../../src/domain/geo.ts';
import { slugify, uniqueSlug } from '../../src/domain/slug.ts';
import type { TCatalogService, TCatalogServiceArea } from '../../src/schemas/catalog.ts';

export const DEMO_SEED = 20261122;
/** Reference "now" for generated dates, so a re-run produces identical rows. */
export const DEMO_NOW = new Date('2026-11-01T12:00:00Z');

/** Stripe's test cards, which the sandbox gateway honours. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
} as const;

interface DemoReview {
  rating: number;
  authorName: string;
  title: string;
  content: string;
  projectType: string;
  verified: boolean;
  createdAt: Date;
}

interface DemoPortfolioItem {
  title: string;
  description: string;
  imageUrl: string;
  projectType: string;
  isBeforeAfter: boolean;
  displayOrder: number;
  createdAt: Date;
}

interface DemoCard {
  number: string;
  brand: string;
  expMonth: number;
  expYear: number;
}

interface DemoBusiness {
  name: string;
  slug: string;
  status: 'ACTIVE' | 'PENDING';
  verified: boolean;
  featured: boolean;
  category: string;
  primaryService: string;
  serviceSlugs: string[];
  tagline: string;
  description: string;
  address: string;
  city: string;
  zipCode: string;
  phone: string;
  email: string;
  website: string | null;
  latitude: number;
  longitude: number;
  yearsInBusiness: number;
  responseTimeHours: number | null;
  avgProjectCostMinCents: number;
  avgProjectCostMaxCents: number;
  priceRange: '$' | '$$' | '$$$' | '$$$$';
  specialties: string[];
  serviceAreaZips: string[];
  businessHours: Record<string, { open: string; close: string; closed: boolean }>;
  images: string[];
  insuranceVerified: boolean;
  licenseNumber: string | null;
  card: DemoCard | null;
  reviews: DemoReview[];
  portfolio: DemoPortfolioItem[];
  createdAt: Date;
}

interface DemoAccount {
  email: string;
  fullName: string;
  role: 'user' | 'contractor' | 'admin';
  /** Index into businesses of the business this contractor owns. */
  businessIndex?: number;
  description: string;
}

export interface DemoData {
  businesses: DemoBusiness[];
  accounts: DemoAccount[];
}

export const DEMO_PASSWORD = 'DemoPass!2026';
/**
 * The demo homeowner's proven phone (homeowner@example.com): a request from that account with
 * this number needs no code, as for any account whose phone was proven by one.
 */
export const DEMO_HOMEOWNER_PHONE = '(937) 228-4411';
export const DEMO_HOMEOWNER_EMAIL = 'homeowner@example.com';

const PLACE_WORDS = [
  'Miami Valley',
  'Gem City',
  'Buckeye',
  'Great Miami',
  'Mad River',
  'Stillwater',
  'Five Rivers',
  'Twin Valley',
  'Tri-County',
  'Southwest Ohio',
  'Riverbend',
  'Heritage',
  'Cornerstone',
  'Keystone',
  'Summit',
  'Northridge',
  'Far Hills',
  'Little Miami',
  'Blue Sky',
  'Patriot',
];
// Common surnames and first names in southwest Ohio (faker's own lists read as made up).
const SURNAMES = [
  'Miller',
  'Schmidt',
  'Kowalski',
  'Brown',
  'Johnson',
  'Williams',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Allen',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Hill',
  'Campbell',
  'Mitchell',
  'Roberts',
  'Carter',
  'Phillips',
  'Evans',
  'Turner',
  'Parker',
  'Collins',
  'Edwards',
  'Stewart',
  'Morris',
  'Murphy',
  'Cook',
  'Rogers',
  'Morgan',
  'Cooper',
  'Peterson',
  'Reed',
  'Bailey',
  'Kelly',
  'Howard',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Hughes',
  'Price',
  'Sanders',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Graham',
  'Wallace',
  'Hayes',
  'Hoffman',
  'Weber',
  'Schneider',
  'Becker',
  'Wagner',
  'Meyer',
  'Schulz',
  'Koch',
  'Richter',
  'Klein',
  'Brandt',
  'Hartman',
  'Zimmerman',
  'Kramer',
  'Hess',
  'Stahl',
  'Baumann',
  'Frey',
  'Snyder',
  'Yoder',
  'Kessler',
  'Novak',
  'Horvath',
  'Nagy',
  'Kovach',
  "O'Brien",
  'Kennedy',
  'Donovan',
  'Flanagan',
  'Byrne',
  'Garcia',
  'Martinez',
  'Rodriguez',
  'Lopez',
  'Nguyen',
  'Patel',
  'Kim',
  'Okafor',
  'Haddad',
  'Rossi',
];
const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Chris',
  'Karen',
  'Daniel',
  'Lisa',
  'Matt',
  'Nancy',
  'Tony',
  'Betty',
  'Mark',
  'Sandra',
  'Steve',
  'Ashley',
  'Paul',
  'Kim',
  'Andrew',
  'Emily',
  'Josh',
  'Donna',
  'Kevin',
  'Michelle',
  'Brian',
  'Carol',
  'George',
  'Amanda',
  'Tim',
  'Melissa',
  'Ron',
  'Deb',
  'Jason',
  'Stephanie',
  'Jeff',
  'Rebecca',
  'Ryan',
  'Laura',
  'Jacob',
  'Megan',
  'Gary',
  'Rachel',
  'Nick',
  'Heather',
  'Eric',
  'Amy',
  'Dan',
  'Angela',
  'Tyler',
  'Kayla',
  'Aaron',
  'Brenda',
  'Marcus',
  'Keisha',
  'Luis',
  'Priya',
  'Omar',
  'Mei',
  'Andre',
  'Tasha',
  'Ben',
  'Grace',
  'Sam',
  'Olivia',
];

const SUFFIXES = ['Co.', 'LLC', '& Sons', 'Pros', 'Services', 'Company', 'Group', 'Solutions', 'Inc.'];
const TRADE_WORDS: Record<string, string[]> = {
  plumbing: ['Plumbing', 'Plumbing & Drain', 'Plumbing & Heating'],
  hvac: ['Heating & Cooling', 'HVAC', 'Comfort Systems', 'Air'],
  electrical: ['Electric', 'Electrical', 'Electric & Lighting'],
  roofing: ['Roofing', 'Roofing & Exteriors', 'Roof Works'],
  painting: ['Painting', 'Painters', 'Paint & Finish'],
  flooring: ['Flooring', 'Floors', 'Floor Covering'],
  landscaping: ['Landscaping', 'Lawn & Landscape', 'Outdoor Living'],
  concrete: ['Concrete', 'Concrete & Masonry', 'Flatwork'],
  siding: ['Siding', 'Siding & Trim', 'Exteriors'],
  windows: ['Windows', 'Window & Door', 'Windows & Doors'],
  'kitchen-remodeling': ['Kitchens', 'Kitchen & Bath', 'Remodeling'],
  'bathroom-remodeling': ['Bath Remodeling', 'Bath & Tile', 'Remodeling'],
  'basement-finishing': ['Basements', 'Basement Finishing', 'Lower Level Remodeling'],
  drywall: ['Drywall', 'Drywall & Plaster', 'Interiors'],
  carpentry: ['Carpentry', 'Woodworks', 'Finish Carpentry'],
  'deck-building': ['Decks', 'Deck & Patio', 'Decks & Porches'],
  'fence-installation': ['Fence', 'Fence & Gate', 'Fencing'],
  'water-damage-restoration': ['Restoration', 'Water Damage Restoration', 'Dry-Out'],
  'glass-repair': ['Glass', 'Glass & Mirror', 'Window Glass'],
  locksmith: ['Lock & Key', 'Locksmith', 'Lock & Safe'],
  'garage-door-repair': ['Garage Doors', 'Overhead Door', 'Garage Door Service'],
  'drain-cleaning': ['Drain Cleaning', 'Sewer & Drain', 'Rooter'],
  'appliance-repair': ['Appliance Repair', 'Appliance Service', 'Appliance Doctors'],
  gutters: ['Gutters', 'Seamless Gutters', 'Gutter Guys'],
  insulation: ['Insulation', 'Energy Savers', 'Insulation & Air Sealing'],
  'tree-service': ['Tree Service', 'Tree Care', 'Arborists'],
  'pest-control': ['Pest Control', 'Pest Solutions', 'Exterminating'],
  'pressure-washing': ['Pressure Washing', 'Power Wash', 'Exterior Cleaning'],
  handyman: ['Handyman', 'Home Repair', 'Fix-It'],
  'foundation-repair': ['Foundation Repair', 'Basement Waterproofing', 'Foundation & Waterproofing'],
};
const LICENSE_PREFIX: Record<string, string> = {
  plumbing: 'PL',
  hvac: 'HV',
  electrical: 'EL',
  'drain-cleaning': 'PL',
};
const TAGLINES = [
  'Honest work, fair prices, done right the first time',
  'Family owned and serving {city} since {year}',
  'Licensed, insured and on time',
  'Quality {trade} for Miami Valley homes',
  'Your neighbors in {city} trust us',
  'Upfront quotes, no surprises',
  'Craftsmanship you can see',
  'Fast response, lasting results',
];
const REVIEW_TITLES: Record<number, string[]> = {
  5: [
    'Excellent work',
    'Highly recommend',
    'Above and beyond',
    'Great experience from start to finish',
    'Will hire again',
  ],
  4: ['Good job overall', 'Solid work', 'Very satisfied', 'Professional crew'],
  3: ['Decent, some delays', 'Okay experience', 'Work was fine, communication lacking'],
  2: ['Took longer than promised', 'Not what I expected'],
  1: ['Disappointed', 'Would not use again'],
};
const REVIEW_BODIES: Record<number, string[]> = {
  5: [
    'They showed up when they said they would, explained every option and left the place cleaner than they found it. The {project} came in right at the quoted price.',
    'We got three quotes and this crew was the most thorough. The {project} was finished a day early and the owner followed up a week later to make sure everything was right.',
    'Friendly, careful and fairly priced. They protected our floors, answered all our questions and the {project} looks great.',
  ],
  4: [
    'Good quality {project}. Scheduling took a little longer than I hoped, but the work itself was excellent and the price was fair.',
    'The crew was professional and the {project} turned out well. A couple of small touch-ups were needed, which they fixed quickly.',
  ],
  3: [
    'The {project} is done and works fine, but we had to call twice to get updates on the schedule.',
    'Reasonable price for the {project}. The work is acceptable, though cleanup could have been better.',
  ],
  2: [
    'The {project} took almost two weeks longer than promised and the final bill was higher than the estimate.',
  ],
  1: ['We had to call another company to finish the {project}. Communication was poor throughout.'],
};

function pickWeighted<T>(faker: Faker, items: readonly (readonly [T, number])[]): T {
  return faker.helpers.weightedArrayElement(items.map(([value, weight]) => ({ value, weight })));
}

function hoursFor(faker: Faker, emergency: boolean): DemoBusiness['businessHours'] {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  if (emergency && faker.datatype.boolean({ probability: 0.5 })) {
    return Object.fromEntries(days.map((d) => [d, { open: '00:00', close: '23:59', closed: false }]));
  }
  const open = faker.helpers.arrayElement(['07:00', '07:30', '08:00']);
  const close = faker.helpers.arrayElement(['16:30', '17:00', '18:00']);
  const saturday = faker.datatype.boolean({ probability: 0.6 });
  return Object.fromEntries(
    days.map((d, i) => [
      d,
      i < 5
        ? { open, close, closed: false }
        : i === 5 && saturday
          ? { open: '08:00', close: '12:00', closed: false }
          : { open: '00:00', close: '00:00', closed: true },
    ]),
  );
}

function daysBefore(days: number): Date {
  return new Date(DEMO_NOW.getTime() - days * 86_400_000);
}

/**
 * The trades a firm of one kind may also list, where its catalog category is too broad ("Home
 * Systems" holds plumbing, HVAC, electrical, drain cleaning and insulation): a plumbing list that
 * showed electricians and insulation firms read as misleading (issue 25). Other kinds: any trade of
 * their category.
 */
const NEIGHBOUR_TRADES: Record<string, string[]> = {
  plumbing: ['drain-cleaning', 'hvac'],
  'drain-cleaning': ['plumbing'],
  hvac: ['plumbing', 'insulation', 'electrical'],
  electrical: ['hvac'],
  insulation: ['hvac'],
};

export function generateDemoData(
  services: TCatalogService[],
  areas: TCatalogServiceArea[],
  options: { seed?: number; active?: number; pending?: number } = {},
): DemoData {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(options.seed ?? DEMO_SEED);
  const activeCount = options.active ?? 330;
  const pendingCount = options.pending ?? 24;
  const bySlug = new Map(services.map((s) => [s.slug, s]));
  const takenSlugs = new Set<string>();
  const takenNames = new Set<string>();
  const businesses: DemoBusiness[] = [];
  const areaWeights = areas.map((a) => [a, Math.sqrt(a.population)] as const);

  for (let i = 0; i < activeCount + pendingCount; i += 1) {
    const active = i < activeCount;
    const service = services[i % services.length]!;
    // The first pass gives every area businesses of many trades; after that, bigger places get more.
    const area = i < areas.length * 8 ? areas[(i * 7) % areas.length]! : pickWeighted(faker, areaWeights);
    const trade = faker.helpers.arrayElement(TRADE_WORDS[service.slug] ?? [service.name]);
    let name = '';
    for (let attempt = 0; attempt < 20 && (name === '' || takenNames.has(name)); attempt += 1) {
      name = faker.helpers.arrayElement([
        () => `${faker.helpers.arrayElement(SURNAMES)} ${trade}`,
        () => `${faker.helpers.arrayElement(PLACE_WORDS)} ${trade} ${faker.helpers.arrayElement(SUFFIXES)}`,
        () => `${area.name} ${trade} ${faker.helpers.arrayElement(SUFFIXES)}`,
        () => `${faker.helpers.arrayElement(SURNAMES)} & ${faker.helpers.arrayElement(SURNAMES)} ${trade}`,
        () => `${faker.helpers.arrayElement(FIRST_NAMES)}'s ${trade}`,
      ])();
    }
    takenNames.add(name);
    const slug = uniqueSlug(slugify(name), takenSlugs);
    takenSlugs.add(slug);

    const related = services.filter((s) => s.category === service.category && s.slug !== service.slug);
    const picked = faker.helpers.arrayElements(related, faker.number.int({ min: 0, max: 2 }));
    // Only trades a firm of this kind really adds (an electrician does not offer plumbing): filtered
    // after the draw, so the seeded sequence, and every other demo value, stays as it was.
    const extra = picked.filter((s) => NEIGHBOUR_TRADES[service.slug]?.includes(s.slug) ?? true);
    const serviceSlugs = [service.slug, ...extra.map((s) => s.slug)];
    const specialtyPool = [...service.specialties, ...picked.flatMap((s) => s.specialties.slice(0, 3))];
    const offered = new Set([...service.specialties, ...extra.flatMap((s) => s.specialties.slice(0, 3))]);
    const drawn = faker.helpers.arrayElements(specialtyPool, faker.number.int({ min: 2, max: 7 }));
    const kept = drawn.filter((sp) => offered.has(sp));
    const specialties = kept.length ? kept : service.specialties.slice(0, 2);

    const latitude = Number((area.latitude + faker.number.float({ min: -0.025, max: 0.025 })).toFixed(6));
    const longitude = Number((area.longitude + faker.number.float({ min: -0.03, max: 0.03 })).toFixed(6));
    const reach = faker.number.int({ min: 8, max: 25 });
    const serviceAreaZips = [
      ...new Set(
        areas
          .filter((a) => distanceMiles(a, { latitude, longitude }) <= reach || a.slug === area.slug)
          .flatMap((a) => a.zipCodes),
      ),
    ].sort();

    const yearFounded = faker.number.int({ min: 1981, max: 2025 });
    const verified = active && faker.datatype.boolean({ probability: 0.85 });
    const licensed = LICENSE_PREFIX[service.slug];
    const priceTier = faker.number.int({ min: 0, max: 3 });
    const costMin = Math.round(service.priceMin * (0.8 + priceTier * 0.15));
    const costMax = Math.max(costMin + 50, Math.round(service.priceMax * (0.7 + priceTier * 0.15)));

    const reviews: DemoReview[] = active
      ? Array.from({ length: faker.number.int({ min: 2, max: 14 }) }, () => {
          const rating = pickWeighted(faker, [
            [5, 52],
            [4, 30],
            [3, 10],
            [2, 5],
            [1, 3],
          ] as const);
          const project = faker.helpers.arrayElement(service.projectTypes);
          return {
            rating,
            authorName: `${faker.helpers.arrayElement(FIRST_NAMES)} ${faker.string.alpha({ length: 1, casing: 'upper' })}.`,
            title: faker.helpers.arrayElement(REVIEW_TITLES[rating]!),
            content: faker.helpers
              .arrayElement(REVIEW_BODIES[rating]!)
              .replace('{project}', project.toLowerCase()),
            projectType: project,
            verified: faker.datatype.boolean({ probability: 0.8 }),
            createdAt: daysBefore(faker.number.int({ min: 2, max: 720 })),
          };
        })
      : [];
    const imageCount = faker.number.int({ min: 3, max: 8 });
    const images = Array.from(
      { length: imageCount },
      (_, k) => `/uploads/demo/${service.slug}-${((i + k) % DEMO_IMAGE_VARIANTS) + 1}.webp`,
    );
    const portfolio: DemoPortfolioItem[] = Array.from(
      { length: faker.number.int({ min: 0, max: 4 }) },
      (_, k) => {
        const project = faker.helpers.arrayElement(service.projectTypes);
        return {
          title: `${project} in ${area.name}`,
          description: `${project} for a ${faker.helpers.arrayElement(['1920s', '1950s', '1970s', '1990s', '2000s'])} home in ${area.name}.`,
          imageUrl: images[k % images.length]!,
          projectType: project,
          isBeforeAfter: faker.datatype.boolean({ probability: 0.3 }),
          displayOrder: k,
          createdAt: daysBefore(faker.number.int({ min: 10, max: 600 })),
        };
      },
    );

    let card: DemoCard | null = null;
    if (active && faker.datatype.boolean({ probability: 0.85 })) {
      const number = pickWeighted(faker, [
        [TEST_CARDS.visa, 88],
        [TEST_CARDS.declined, 6],
        [TEST_CARDS.insufficientFunds, 4],
        [TEST_CARDS.expired, 2],
      ] as const);
      card = {
        number,
        brand: 'visa',
        expMonth: faker.number.int({ min: 1, max: 12 }),
        expYear: faker.number.int({ min: 2027, max: 2031 }),
      };
    }

    const emailDomain = `${slug.slice(0, 40).replace(/-+$/, '')}.example`;
    businesses.push({
      name,
      slug,
      status: active ? 'ACTIVE' : 'PENDING',
      verified,
      featured: active && verified && faker.datatype.boolean({ probability: 0.12 }),
      category: service.name,
      primaryService: service.slug,
      serviceSlugs,
      tagline: faker.helpers
        .arrayElement(TAGLINES)
        .replace('{city}', area.name)
        .replace('{year}', String(yearFounded))
        .replace('{trade}', service.name.toLowerCase()),
      description:
        `${name} provides ${service.name.toLowerCase()} for homeowners in ${area.name} and nearby ` +
        `${area.county} County communities. ${faker.helpers.arrayElement([
          'We give written, itemized estimates before any work starts.',
          'Every job is backed by a written workmanship warranty.',
          'Our technicians are background-checked and carry photo ID.',
          'We clean up every day and walk through the finished job with you.',
        ])} Specialties include ${specialties.slice(0, 3).join(', ').toLowerCase()}.`,
      address: faker.location.streetAddress(),
      city: area.name,
      zipCode: faker.helpers.arrayElement(area.zipCodes),
      phone: `(937) 555-${String(1000 + i).padStart(4, '0')}`,
      email: `office@${emailDomain}`,
      website: faker.datatype.boolean({ probability: 0.75 }) ? `https://www.${emailDomain}` : null,
      latitude,
      longitude,
      yearsInBusiness: Math.max(1, 2026 - yearFounded),
      responseTimeHours: faker.datatype.boolean({ probability: 0.1 })
        ? null
        : pickWeighted(faker, [
            [1, 20],
            [2, 35],
            [4, 30],
            [24, 15],
          ] as const),
      avgProjectCostMinCents: costMin * 100,
      avgProjectCostMaxCents: costMax * 100,
      priceRange: (['$', '$$', '$$$', '$$$$'] as const)[priceTier]!,
      specialties,
      serviceAreaZips,
      businessHours: hoursFor(faker, bySlug.get(service.slug)?.isEmergency ?? false),
      images,
      insuranceVerified: verified
        ? faker.datatype.boolean({ probability: 0.95 })
        : faker.datatype.boolean({ probability: 0.4 }),
      licenseNumber: licensed
        ? `${licensed}.${faker.string.numeric(5)}`
        : faker.datatype.boolean({ probability: 0.5 })
          ? `OH-${faker.string.numeric(6)}`
          : null,
      card,
      reviews,
      portfolio,
      createdAt: daysBefore(faker.number.int({ min: 20, max: 900 })),
    });
  }

  // Demo accounts: contractor@ owns the first verified business with a working card,
  // contractor2@ a verified one that has not set up payment yet.
  const withCard = businesses.findIndex(
    (b) => b.status === 'ACTIVE' && b.verified && b.card?.number === TEST_CARDS.visa,
  );
  const withoutCard = businesses.findIndex((b) => b.status === 'ACTIVE' && b.verified && b.card === null);
  const accounts: DemoAccount[] = [
    { email: 'homeowner@example.com', fullName: 'Jordan Miller', role: 'user', description: 'Homeowner' },
    {
      email: 'contractor@example.com',
      fullName: 'Pat Kowalski',
      role: 'contractor',
      businessIndex: withCard,
      description: 'Contractor with a card on file',
    },
    {
      email: 'contractor2@example.com',
      fullName: 'Sam Rivera',
      role: 'contractor',
      businessIndex: withoutCard,
      description: 'Contractor who has not set up payment',
    },
    { email: 'admin@example.com', fullName: 'Alex Admin', role: 'admin', description: 'Administrator' },
  ];
  return { businesses, accounts };
}

/** Placeholder images per service: /uploads/demo/{service}-{1..N}.webp */
export const DEMO_IMAGE_VARIANTS = 4;
