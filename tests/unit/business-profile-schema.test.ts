// The Profile tab's shared schema, field by field: what it accepts, how it stores it, and the
// message each wrong value gets (the island shows the same messages the endpoint answers).
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES as M, WEEKDAYS } from '../../src/domain/profile-rules.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  profileFieldErrors,
  splitZips,
  ZBusinessProfile,
  type TBusinessProfileInput,
} from '../../src/schemas/business.ts';

const valid: TBusinessProfileInput = {
  tagline: 'Honest plumbing since 1998',
  description: 'Family-owned plumbers serving Dayton.',
  phone: '(937) 555-0142',
  website: 'https://plumbing.example',
  businessHours: DEFAULT_BUSINESS_HOURS,
  specialties: ['Water Heaters', 'Drains'],
  serviceZipCodes: ['45402', '45409'],
  responseTimeHours: 2,
  priceRange: '$$',
};

function errorsOf(input: unknown): Record<string, string> {
  const result = ZBusinessProfile.safeParse(input);
  if (result.success) return {};
  return profileFieldErrors(result.error);
}

describe('ZBusinessProfile', () => {
  it('accepts a full profile', () => {
    expect(ZBusinessProfile.parse(valid)).toEqual(valid);
  });

  it('stores empty optional text as null and trims the rest', () => {
    const parsed = ZBusinessProfile.parse({
      ...valid,
      tagline: '  ',
      description: '',
      phone: ' ',
      website: '',
      specialties: [],
    });
    expect(parsed).toMatchObject({
      tagline: null,
      description: null,
      phone: null,
      website: null,
      specialties: [],
    });
    expect(ZBusinessProfile.parse({ ...valid, tagline: '  Fast  ' }).tagline).toBe('Fast');
  });

  it('removes markup from free text and duplicates from lists', () => {
    const parsed = ZBusinessProfile.parse({
      ...valid,
      description: '<b>Best</b> onclick=plumbers',
      specialties: ['Drains', 'drains', ' Sewer '],
      serviceZipCodes: ['45402', '45402', '45409'],
    });
    expect(parsed.description).toBe('bBest/b plumbers');
    expect(parsed.specialties).toEqual(['Drains', 'Sewer']);
    expect(parsed.serviceZipCodes).toEqual(['45402', '45409']);
  });

  it.each<[string, Partial<Record<keyof TBusinessProfileInput, unknown>>, string, string]>([
    ['a tagline too long', { tagline: 'x'.repeat(161) }, 'tagline', M.tagline],
    ['a description too long', { description: 'x'.repeat(2001) }, 'description', M.description],
    ['a short phone', { phone: '555-0100' }, 'phone', M.phone],
    ['a phone with letters', { phone: '937-555-CALL' }, 'phone', M.phone],
    ['a phone too long (capped before the pattern)', { phone: '9'.repeat(5000) }, 'phone', M.phone],
    [
      'a javascript: website',
      { website: 'javascript:alert(1)' },
      'website',
      'Please enter a valid website address starting with http:// or https://',
    ],
    [
      'a website with no scheme',
      { website: 'plumbing.example' },
      'website',
      'Please enter a valid website address starting with http:// or https://',
    ],
    ['a 4-digit ZIP', { serviceZipCodes: ['4540'] }, 'serviceZipCodes.0', M.zip],
    ['no ZIP', { serviceZipCodes: [] }, 'serviceZipCodes', M.zipsRequired],
    [
      '41 ZIPs',
      { serviceZipCodes: Array.from({ length: 41 }, (_, i) => String(45000 + i)) },
      'serviceZipCodes',
      M.zips,
    ],
    ['an empty specialty', { specialties: ['  '] }, 'specialties.0', M.specialty],
    ['a long specialty', { specialties: ['x'.repeat(61)] }, 'specialties.0', M.specialty],
    [
      '21 specialties',
      { specialties: Array.from({ length: 21 }, (_, i) => `S${i}`) },
      'specialties',
      M.specialties,
    ],
    ['a response time of 3 hours', { responseTimeHours: 3 }, 'responseTimeHours', M.responseTime],
    ['a response time as text', { responseTimeHours: '2' }, 'responseTimeHours', M.responseTime],
    ['a price range of $$$$$', { priceRange: '$$$$$' }, 'priceRange', M.priceRange],
  ])('refuses %s with its message', (_name, change, field, message) => {
    expect(errorsOf({ ...valid, ...change })[field]).toBe(message);
  });

  it('checks every weekday: a time as HH:MM, closing after opening unless closed', () => {
    const hours = (day: object) => ({ ...valid, businessHours: { ...DEFAULT_BUSINESS_HOURS, tuesday: day } });
    expect(
      errorsOf(hours({ open: '8am', close: '17:00', closed: false }))['businessHours.tuesday.open'],
    ).toBe(M.time);
    expect(
      errorsOf(hours({ open: '24:00', close: '17:00', closed: false }))['businessHours.tuesday.open'],
    ).toBe(M.time);
    expect(
      errorsOf(hours({ open: '17:00', close: '08:00', closed: false }))['businessHours.tuesday.close'],
    ).toBe(M.closeBeforeOpen);
    expect(errorsOf(hours({ open: '17:00', close: '08:00', closed: true }))).toEqual({});
    const { sunday: _sunday, ...sixDays } = DEFAULT_BUSINESS_HOURS;
    expect(ZBusinessProfile.safeParse({ ...valid, businessHours: sixDays }).success).toBe(false);
    expect(WEEKDAYS).toHaveLength(7);
  });

  it('refuses a field it does not know (an id, a status, photos)', () => {
    for (const extra of [
      { id: '00000000-0000-4000-8000-000000000000' },
      { status: 'ACTIVE' },
      { images: [] },
    ]) {
      expect(ZBusinessProfile.safeParse({ ...valid, ...extra }).success).toBe(false);
    }
  });
});

describe('splitZips', () => {
  it('splits on commas and spaces', () => {
    expect(splitZips(' 45402, 45409 45420,,')).toEqual(['45402', '45409', '45420']);
  });
});
