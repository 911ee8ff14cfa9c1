// Article content (articles.content, jsonb) to unsanitised HTML. The shapes the spec allows:
// plain text (a JSON string), {format: 'markdown', body}, {sections: [{type: 'content', content |
// body | text}]}, {body}, {blocks: [{text | content}]} or {content}. Plain text becomes escaped
// paragraphs, a string that starts with a tag is taken as HTML. Returns null when nothing
// readable is found. The caller sanitises the result (TRUSTED profile).
import { Marked } from 'marked';

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // The page title is the only h1: markdown headings start at h2.
    heading({ tokens, depth }) {
      const level = Math.max(2, depth);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

const MAX_DEPTH = 3;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Plain text to paragraphs: blank lines split paragraphs, single line breaks become <br>. */
export function textToParagraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

function looksLikeHtml(text: string): boolean {
  return /^\s*<[a-z][a-z0-9]*[\s>/]/i.test(text);
}

function textOrHtml(text: string): string {
  return looksLikeHtml(text) ? text.trim() : textToParagraphs(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstString(item: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = item[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function renderItems(
  items: unknown[],
  keys: string[],
  accept: (item: Record<string, unknown>) => boolean,
): string {
  return items
    .map((item) => {
      if (typeof item === 'string') return textOrHtml(item);
      if (!isRecord(item) || !accept(item)) return '';
      const text = firstString(item, keys);
      return text === undefined ? '' : textOrHtml(text);
    })
    .filter(Boolean)
    .join('\n');
}

function renderString(text: string, depth: number): string | null {
  const trimmed = text.trim();
  // Content saved as a JSON document inside the string.
  if (trimmed.startsWith('{')) {
    try {
      return renderValue(JSON.parse(trimmed) as unknown, depth + 1);
    } catch {
      return null;
    }
  }
  return textToParagraphs(text);
}

function renderObject(content: Record<string, unknown>, depth: number): string | null {
  const { format, body, sections, blocks } = content;
  if (typeof body === 'string' && format === 'markdown') return markdown.parse(body) as string;
  if (Array.isArray(sections)) {
    return renderItems(sections, ['content', 'body', 'text'], (s) => s['type'] === 'content');
  }
  if (typeof body === 'string') return format === 'html' ? body : textOrHtml(body);
  if (Array.isArray(blocks)) return renderItems(blocks, ['text', 'content'], () => true);
  if (typeof content['content'] === 'string') return textOrHtml(content['content']);
  if (isRecord(content['content'])) return renderValue(content['content'], depth + 1);
  return null;
}

function renderValue(content: unknown, depth: number): string | null {
  if (depth > MAX_DEPTH) return null;
  let html: string | null = null;
  if (typeof content === 'string') html = renderString(content, depth);
  else if (isRecord(content)) html = renderObject(content, depth);
  return html?.trim() ? html.trim() : null;
}

/** The article's content as HTML (not yet sanitised), or null when it cannot be read. */
export function renderArticleContent(content: unknown): string | null {
  return renderValue(content, 0);
}
