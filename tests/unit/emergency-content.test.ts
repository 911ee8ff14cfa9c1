import { describe, expect, it } from 'vitest';
import {
  EMERGENCY_DEFAULT_RESPONSE_MINUTES,
  GENERIC_CALL_TO_ACTION,
  GENERIC_PRICING_NOTES,
  emergencyMeta,
  genericEmergencyContent,
  isEmergencySlug,
} from '../../src/domain/emergency-content.ts';

describe('the generic record for an unknown emergency slug', () => {
  const generic = genericEmergencyContent('chimney-fire');

  it('has the spec values: 30 minutes, 24/7, pricing note and call to action', () => {
    expect(generic.responseTimeMinutes).toBe(30);
    expect(EMERGENCY_DEFAULT_RESPONSE_MINUTES).toBe(30);
    expect(generic.availability).toBe('24/7');
    expect(generic.pricingNotes).toBe('Emergency service rates may apply. Call for immediate quote.');
    expect(GENERIC_PRICING_NOTES).toBe(generic.pricingNotes);
    expect(generic.callToAction).toBe('Call Now for Emergency Service');
    expect(GENERIC_CALL_TO_ACTION).toBe(generic.callToAction);
  });

  it('has generic scenarios and reasons, no service and no safety tips', () => {
    expect(generic.scenarios.length).toBeGreaterThanOrEqual(3);
    expect(generic.whyChooseUs.length).toBeGreaterThanOrEqual(3);
    expect(generic.serviceSlug).toBeNull();
    expect(generic.safetyTips).toEqual([]);
  });

  it('says nothing taken from the slug: the same words for every slug', () => {
    const spam = genericEmergencyContent('buy-cheap-pills-now');
    const shown = JSON.stringify({ ...spam, slug: undefined }).toLowerCase();
    // ('now' is the spec's own: 'Call Now for Emergency Service'.)
    for (const word of ['buy', 'cheap', 'pills']) expect(shown).not.toMatch(new RegExp(`\\b${word}\\b`));
    expect({ ...spam, slug: 'x' }).toEqual({ ...generic, slug: 'x' });
    expect(spam.name).toBe('Emergency Home Repair');
  });
});

describe('isEmergencySlug', () => {
  it.each([
    ['chimney-fire', true],
    ['a1', true],
    ['Chimney-Fire', false],
    ['chimney_fire', false],
    ['chimney--fire', false],
    ['-fire', false],
    ['a/b', false],
    ['<script>', false],
    ['', false],
    ['a'.repeat(61), false],
    ['a'.repeat(60), true],
  ])('%s -> %s', (slug, ok) => {
    expect(isEmergencySlug(slug)).toBe(ok);
  });
});

describe('emergencyMeta', () => {
  it('titles the page with name and availability', () => {
    expect(emergencyMeta(genericEmergencyContent('chimney-fire')).title).toBe(
      'Emergency Home Repair in Dayton, OH - 24/7 | Dayton Contractors',
    );
  });

  it('keeps a short description and cuts a long one at a word, within 160 characters', () => {
    const short = { ...genericEmergencyContent('x'), description: 'Short and sweet.' };
    expect(emergencyMeta(short).description).toBe('Short and sweet.');
    const long = { ...short, description: `${'word '.repeat(40)}end.` };
    const cut = emergencyMeta(long).description;
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word\.\.\.$/);
  });
});
