import { describe, expect, it } from 'vitest';
import { pagePath, showsBreadcrumbs, showsHeaderAndFooter } from '../../src/domain/chrome.ts';
import { telHref } from '../../src/domain/contact.ts';
import { formatRating, homeCardRating } from '../../src/domain/rating.ts';

describe('header and footer (hidden on /auth and admin routes)', () => {
  it.each([
    ['/', true],
    ['/contractors', true],
    ['/auth', false],
    ['/auth/', false],
    ['/admin', false],
    ['/admin/users', false],
    ['/administrator-tips', true],
    ['/authors', true],
  ])('%s -> %s', (path, shown) => {
    expect(showsHeaderAndFooter(path)).toBe(shown);
  });
});

describe('breadcrumbs (hidden on /)', () => {
  it.each([
    ['/', false],
    ['', false],
    ['/services/plumbing', true],
  ])('%s -> %s', (path, shown) => {
    expect(showsBreadcrumbs(path)).toBe(shown);
  });
});

describe('ratings', () => {
  it('rounds to one decimal', () => {
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(5)).toBe('5.0');
  });

  it('falls back to 4.8 and 127 reviews on home cards only when there is no rating', () => {
    expect(homeCardRating(null, 0)).toEqual({ rating: '4.8', reviews: 127 });
    expect(homeCardRating(4.1, 0)).toEqual({ rating: '4.8', reviews: 127 });
    expect(homeCardRating(4.14, 9)).toEqual({ rating: '4.1', reviews: 9 });
  });
});

describe('telHref', () => {
  it.each([
    ['(937) 555-0142', 'tel:+19375550142'],
    ['+1 937 555 0142', 'tel:+19375550142'],
  ])('%s -> %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('pagePath (the public path of a built page)', () => {
  it.each([
    ['/index.html', '/'],
    ['/', '/'],
    ['/plumbing-dayton-ohio.html', '/plumbing-dayton-ohio'],
    ['/services/hvac.html', '/services/hvac'],
    ['/services/index.html', '/services'],
    ['/contractors/', '/contractors'],
    ['/contractors', '/contractors'],
  ])('%s -> %s', (input, expected) => {
    expect(pagePath(input)).toBe(expected);
  });
});
