import { describe, expect, it } from 'vitest';
import { articleDescription, articleJsonLd } from '../../src/server/site/pages/article-json-ld.ts';
import type { SiteArticle } from '../../src/server/site/pages/site-data.ts';

const base: SiteArticle = {
  id: '3141ff16-cce4-4eb2-88cb-37abeb4d9c52',
  title: 'What a New Roof Costs in the Dayton Area',
  slug: 'new-roof-cost-dayton',
  excerpt: 'Approximate price ranges for roofs.',
  coverImageUrl: null,
  category: 'Cost Guides',
  publishedAt: new Date('2026-07-14T00:00:00Z'),
  updatedAt: new Date('2026-08-01T12:00:00Z'),
  service: 'roofing',
  city: 'Dayton',
  metaTitle: null,
  metaDescription: 'Dayton-area roof costs.',
  content: 'x',
  bodyHtml: '<p>x</p>',
};

describe('articleJsonLd', () => {
  const data = articleJsonLd(base, 'https://example.com');

  it('is an Article with headline, dates and description', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: base.title,
      description: 'Dayton-area roof costs.',
      datePublished: '2026-07-14T00:00:00.000Z',
      dateModified: '2026-08-01T12:00:00.000Z',
      url: 'https://example.com/articles/new-roof-cost-dayton',
    });
  });

  it('names the site as author and publisher Organization', () => {
    const org = { '@type': 'Organization', name: 'Dayton Contractors', url: 'https://example.com/' };
    expect(data['author']).toEqual(org);
    expect(data['publisher']).toEqual(org);
  });

  it('never dates the modification before publication', () => {
    const early = articleJsonLd(
      { ...base, updatedAt: new Date('2026-01-01T00:00:00Z') },
      'https://example.com',
    );
    expect(early['dateModified']).toBe('2026-07-14T00:00:00.000Z');
  });

  it('adds the cover image as an absolute URL only when there is one', () => {
    expect(data).not.toHaveProperty('image');
    const withCover = articleJsonLd({ ...base, coverImageUrl: '/uploads/roof.webp' }, 'https://example.com');
    expect(withCover['image']).toEqual(['https://example.com/uploads/roof.webp']);
  });
});

describe('articleDescription', () => {
  it('prefers the meta description, else the excerpt', () => {
    expect(articleDescription(base)).toBe('Dayton-area roof costs.');
    expect(articleDescription({ ...base, metaDescription: null })).toBe(
      'Approximate price ranges for roofs.',
    );
  });
});
