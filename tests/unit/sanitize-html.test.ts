import { describe, expect, it, vi } from 'vitest';
import { sanitizeHtml, type SanitizeProfile } from '../../src/server/platform/content/sanitize-html.ts';
import { logLines } from '../helpers/captured-log.ts';

vi.mock('../../src/server/platform/log.ts', async (real) =>
  (await import('../helpers/captured-log.ts')).capturingLog(await real()),
);

const PROFILES: SanitizeProfile[] = ['user', 'trusted', 'attribution'];

describe.each(PROFILES)('every profile strips the dangerous parts (%s)', (profile) => {
  it.each([
    ['script tags and their code', '<p>Hi</p><script>alert(1)</script>', /script|alert/i],
    ['style tags and their rules', '<style>body{display:none}</style><p>Hi</p>', /style|display/i],
    [
      'event attributes',
      '<p onclick="steal()">Hi</p><a href="/x" onmouseover="steal()">x</a>',
      /onclick|onmouseover|steal/i,
    ],
    ['javascript: URLs', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    [
      'forms and what they hold',
      '<form action="/evil"><label>Card</label><input name="card"><button>Go</button></form>',
      /form|input|button|Card|Go/i,
    ],
    [
      'inputs outside forms',
      '<input type="text" value="x"><textarea>t</textarea><select><option>o</option></select>',
      /input|textarea|select|option/i,
    ],
    ['iframes', '<iframe src="https://evil.example"></iframe>', /iframe|evil/i],
  ])('%s', (_name, dirty, banned) => {
    expect(sanitizeHtml(dirty, profile)).not.toMatch(banned);
  });
});

describe('user profile: p, br, strong, em, u, ul, ol, li, no attributes', () => {
  it.each([
    ['<p>One<br>two</p>', '<p>One<br>two</p>'],
    ['<p><strong>b</strong> <em>i</em> <u>u</u></p>', '<p><strong>b</strong> <em>i</em> <u>u</u></p>'],
    ['<ul><li>a</li></ul><ol><li>b</li></ol>', '<ul><li>a</li></ul><ol><li>b</li></ol>'],
    ['<p class="x" title="t" data-x="1" aria-label="l">kept</p>', '<p>kept</p>'],
    ['<h2>Title</h2><a href="/x">link</a><img src="/a.png" alt="a">', 'Titlelink'],
    ['<div><span>text</span></div>', 'text'],
  ])('%s -> %s', (dirty, clean) => {
    expect(sanitizeHtml(dirty, 'user')).toBe(clean);
  });
});

describe('trusted profile: adds headings, blockquote, div, span, a, img with href, src, alt, title, class', () => {
  it.each([
    ['<h2>A</h2><h3>B</h3><h6>C</h6>', '<h2>A</h2><h3>B</h3><h6>C</h6>'],
    ['<blockquote><p>q</p></blockquote>', '<blockquote><p>q</p></blockquote>'],
    ['<div class="note"><span class="x">t</span></div>', '<div class="note"><span class="x">t</span></div>'],
    [
      '<a href="/services/plumbing" title="Plumbing">p</a>',
      '<a href="/services/plumbing" title="Plumbing">p</a>',
    ],
    ['<img src="/uploads/a.webp" alt="Roof">', '<img src="/uploads/a.webp" alt="Roof">'],
    ['<a href="/x" target="_blank" id="i" style="color:red" data-x="1">x</a>', '<a href="/x">x</a>'],
    ['<table><tr><td>cell</td></tr></table>', 'cell'],
  ])('%s -> %s', (dirty, clean) => {
    expect(sanitizeHtml(dirty, 'trusted')).toBe(clean);
  });
});

describe('attribution profile: links only', () => {
  it.each([
    [
      'Photo by <a href="https://example.com/p" title="P">Pat</a>',
      'Photo by <a href="https://example.com/p" title="P">Pat</a>',
    ],
    ['<p>Photo by <strong>Pat</strong></p>', 'Photo by Pat'],
    [
      '<a href="https://example.com" class="c">x</a><img src="/a.png">',
      '<a href="https://example.com">x</a>',
    ],
  ])('%s -> %s', (dirty, clean) => {
    expect(sanitizeHtml(dirty, 'attribution')).toBe(clean);
  });
});

describe('failure', () => {
  it('returns empty content when sanitising throws', () => {
    logLines.length = 0;
    const hostile = {
      toString() {
        throw new Error('boom');
      },
    };
    expect(sanitizeHtml(hostile as unknown as string, 'trusted')).toBe('');
    expect(logLines).toHaveLength(1);
  });
});
