// Parses the restricted frontmatter of content/articles/*.md: a `---` block of
// `key: value` lines (one line each, no nesting), then the Markdown body.
export interface ParsedDocument {
  data: Record<string, string>;
  body: string;
}

export function parseFrontmatter(source: string): ParsedDocument {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error('missing frontmatter: the file must start with a --- block');
  const [, head = '', body = ''] = match;
  const data: Record<string, string> = {};
  head.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const sep = line.indexOf(':');
    if (sep <= 0) throw new Error(`frontmatter line ${i + 1} is not "key: value": ${line}`);
    const key = line.slice(0, sep).trim();
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key))
      throw new Error(`frontmatter line ${i + 1} has a bad key: ${key}`);
    if (key in data) throw new Error(`frontmatter key "${key}" appears twice`);
    data[key] = line.slice(sep + 1).trim();
  });
  return { data, body: body.trim() };
}
