// A contractor's website: only http(s) addresses of a host, plain text, at most 255 characters.
import { describe, expect, it } from 'vitest';
import { WEBSITE_MESSAGE, ZWebsite } from '../../src/schemas/business.ts';
import { WEBSITES } from '../helpers/websites.ts';

describe('ZWebsite', () => {
  it.each(WEBSITES)('%j is acceptable: %s', (site, ok) => {
    const result = ZWebsite.safeParse(site);
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.message).toBe(WEBSITE_MESSAGE);
  });

  it('keeps the address as typed, trimmed', () => {
    expect(ZWebsite.parse('  https://www.example.com/a  ')).toBe('https://www.example.com/a');
  });

  it('refuses 100 KB by its length, before the pattern', { timeout: 1_000 }, () => {
    const issues = ZWebsite.safeParse(`https://${'a'.repeat(100_000)}`).error!.issues;
    expect(issues.map((i) => i.code)).toEqual(['too_big']);
  });
});
