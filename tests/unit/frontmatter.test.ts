import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/domain/frontmatter.ts';

describe('parseFrontmatter', () => {
  it('reads key: value lines and the body', () => {
    const doc = parseFrontmatter('---\ntitle: Roof costs: a guide\nslug: roof\n---\n\nBody text\n');
    expect(doc.data).toEqual({ title: 'Roof costs: a guide', slug: 'roof' });
    expect(doc.body).toBe('Body text');
  });

  it('accepts Windows line endings and a byte-order mark', () => {
    expect(parseFrontmatter('\uFEFF---\r\nslug: a\r\n---\r\nx').data).toEqual({ slug: 'a' });
  });

  it.each([
    ['no block', 'title: x\n', /missing frontmatter/],
    ['a line without a colon', '---\ntitle\n---\n', /not "key: value"/],
    ['a repeated key', '---\na: 1\na: 2\n---\n', /appears twice/],
    ['a bad key', '---\n1a: x\n---\n', /bad key/],
  ])('rejects %s', (_label, source, message) => {
    expect(() => parseFrontmatter(source)).toThrow(message);
  });
});
