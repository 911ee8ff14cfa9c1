import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from '../../src/domain/slug.ts';

describe('slugify', () => {
  it.each([
    ["Joe's Plumbing & Co.", 'joes-plumbing-and-co'],
    ['  Gem City   Electric ', 'gem-city-electric'],
    ['Café Renovations', 'cafe-renovations'],
    ['A/C --- Pros!!', 'a-c-pros'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
  ])('%s -> %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('uniqueSlug', () => {
  it('keeps a free slug and numbers a taken one', () => {
    expect(uniqueSlug('acme', new Set())).toBe('acme');
    expect(uniqueSlug('acme', new Set(['acme', 'acme-2']))).toBe('acme-3');
  });
});
