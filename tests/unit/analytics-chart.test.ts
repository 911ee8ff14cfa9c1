// The analytics chart's geometry and the Profile form's text-to-body rules: pure functions, no browser.
import { describe, expect, it } from 'vitest';
import { linePoints } from '../../src/islands/dashboard/AnalyticsChart.tsx';
import { bodyOf, formOf, messageFor } from '../../src/islands/dashboard/profile-types.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/schemas/business.ts';

describe('linePoints', () => {
  it('spans the width, puts the largest value at the top and zeros on the axis', () => {
    const points = linePoints([0, 5, 10])
      .split(' ')
      .map((p) => p.split(',').map(Number));
    expect(points).toEqual([
      [4, 76],
      [150, 40],
      [296, 4],
    ]);
  });

  it('lays an all-zero series flat on the axis (no division by zero)', () => {
    expect(linePoints([0, 0, 0])).toBe('4.0,76.0 150.0,76.0 296.0,76.0');
  });
});

describe('the Profile form', () => {
  const profile = {
    tagline: null,
    description: 'Plumbers',
    phone: '(937) 555-0142',
    website: null,
    businessHours: DEFAULT_BUSINESS_HOURS,
    specialties: ['Drains', 'Water Heaters'],
    serviceZipCodes: ['45402', '45409'],
    responseTimeHours: 2 as const,
    priceRange: '$$' as const,
    images: [],
    unpublishedChanges: 0,
  };

  it('round-trips a stored profile through the form unchanged', () => {
    const { images: _images, unpublishedChanges: _n, ...stored } = profile;
    expect(bodyOf(formOf(profile))).toEqual({ ...stored, tagline: '', website: '' });
  });

  it('splits the typed lists', () => {
    const form = {
      ...formOf(profile),
      specialties: ' Drains ,, Sewer',
      serviceZipCodes: '45402 45409,45410',
    };
    expect(bodyOf(form)).toMatchObject({
      specialties: ['Drains', 'Sewer'],
      serviceZipCodes: ['45402', '45409', '45410'],
    });
  });

  it("shows a list item's message on the list's field", () => {
    expect(
      messageFor({ 'serviceZipCodes.1': 'Each service ZIP code must be 5 digits' }, 'serviceZipCodes'),
    ).toBe('Each service ZIP code must be 5 digits');
    expect(messageFor({}, 'tagline')).toBeNull();
  });
});
