import { describe, expect, it } from 'vitest';
import { articleBodyHtml } from '../../src/server/site/pages/article-body.ts';
import { renderArticleContent, textToParagraphs } from '../../src/server/site/pages/article-content.ts';

describe('renderArticleContent: each content shape', () => {
  it.each<[string, unknown, string]>([
    [
      'plain text, blank lines split paragraphs',
      'First para.\n\nSecond para.',
      '<p>First para.</p>\n<p>Second para.</p>',
    ],
    ['plain text keeps single line breaks', 'Line one\nline two', '<p>Line one<br>line two</p>'],
    ['plain text is escaped', 'Use <b> & "quotes"', '<p>Use &lt;b&gt; &amp; &quot;quotes&quot;</p>'],
    ['a JSON document inside the string', '{"body": "From JSON"}', '<p>From JSON</p>'],
    [
      'markdown body',
      { format: 'markdown', body: 'Intro **bold**\n\n- a\n- b' },
      '<p>Intro <strong>bold</strong></p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>',
    ],
    [
      'markdown headings start at h2',
      { format: 'markdown', body: '# Top\n\n## Next' },
      '<h2>Top</h2>\n<h2>Next</h2>',
    ],
    [
      'sections of type content (content, body or text)',
      {
        sections: [
          { type: 'content', content: 'From content' },
          { type: 'image', content: 'Skipped' },
          { type: 'content', body: '<p>From body</p>' },
          { type: 'content', text: 'From text' },
        ],
      },
      '<p>From content</p>\n<p>From body</p>\n<p>From text</p>',
    ],
    ['body as plain text', { body: 'Just text' }, '<p>Just text</p>'],
    ['body as HTML', { body: '<h2>Heading</h2><p>x</p>' }, '<h2>Heading</h2><p>x</p>'],
    [
      'blocks with text or content',
      { blocks: [{ text: 'A' }, { content: 'B' }, 'C', { other: 'D' }] },
      '<p>A</p>\n<p>B</p>\n<p>C</p>',
    ],
    ['content string', { content: 'Nested text' }, '<p>Nested text</p>'],
    ['content object', { content: { format: 'markdown', body: 'Deep *md*' } }, '<p>Deep <em>md</em></p>'],
  ])('%s', (_name, content, html) => {
    expect(renderArticleContent(content)).toBe(html);
  });
});

describe('renderArticleContent: unreadable content is null', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['a number', 42],
    ['an array', ['a']],
    ['an object without known keys', { title: 'x' }],
    ['empty text', '   \n\n  '],
    ['broken JSON in the string', '{"body": '],
    ['no content sections', { sections: [{ type: 'image', content: 'x' }] }],
    ['markdown without a body', { format: 'markdown' }],
    ['nesting too deep', { content: { content: { content: { content: { content: 'x' } } } } }],
  ])('%s', (_name, content) => {
    expect(renderArticleContent(content)).toBeNull();
  });
});

describe('textToParagraphs', () => {
  it('drops empty paragraphs and handles Windows line ends', () => {
    expect(textToParagraphs('\r\n\r\nA\r\nB\r\n\r\n\r\nC\r\n')).toBe('<p>A<br>B</p>\n<p>C</p>');
  });
});

describe('articleBodyHtml: rendered, sanitised (TRUSTED), h1 demoted', () => {
  it.each<[string, unknown, string | null]>([
    [
      'markdown links and lists survive',
      { format: 'markdown', body: 'See [roofing](/services/roofing).' },
      '<p>See <a href="/services/roofing">roofing</a>.</p>',
    ],
    [
      'scripts in markdown are removed',
      { format: 'markdown', body: 'Hi\n\n<script>alert(1)</script>' },
      '<p>Hi</p>',
    ],
    [
      'javascript: links lose their href',
      { format: 'markdown', body: '[x](javascript:alert(1))' },
      '<p><a>x</a></p>',
    ],
    [
      'an HTML h1 becomes h2',
      { body: '<h1 class="t">Title</h1><p>x</p>' },
      '<h2 class="t">Title</h2><p>x</p>',
    ],
    ['a body that sanitises to nothing is unreadable', { body: '<script>alert(1)</script>' }, null],
    ['unreadable content stays unreadable', 42, null],
  ])('%s', (_name, content, html) => {
    expect(articleBodyHtml(content)).toBe(html);
  });
});
