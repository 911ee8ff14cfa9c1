// What a public profile claims from measured rows: a response time only from 3 responses, never
// faster than measured; the share of reviews from jobs booked here.
import { describe, expect, it } from 'vitest';
import { bookedReviewsText, measuredResponseText } from '../../src/domain/homeowner-rules.ts';

describe('measuredResponseText', () => {
  it.each([
    [null, 0, null],
    [30, 2, null],
    [0.2, 3, 'Usually responds within 1 minute — measured over the last 30 days, 3 responses'],
    [44.1, 3, 'Usually responds within 45 minutes — measured over the last 30 days, 3 responses'],
    [60, 5, 'Usually responds within 1 hour — measured over the last 30 days, 5 responses'],
    [61, 12, 'Usually responds within 2 hours — measured over the last 30 days, 12 responses'],
    [1440, 40, 'Usually responds within 24 hours — measured over the last 30 days, 40 responses'],
  ])('median %s minutes over %i responses: %s', (medianMinutes, responses, text) => {
    expect(measuredResponseText({ medianMinutes, responses })).toBe(text);
  });
});

describe('bookedReviewsText', () => {
  it.each([
    [0, 0, null],
    [0, 1, '0 of 1 review from jobs booked through us'],
    [12, 40, '12 of 40 reviews from jobs booked through us'],
    [1200, 4000, '1,200 of 4,000 reviews from jobs booked through us'],
  ])('%i of %i: %s', (jobs, total, text) => {
    expect(bookedReviewsText(jobs, total)).toBe(text);
  });
});
