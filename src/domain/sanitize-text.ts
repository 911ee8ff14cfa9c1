// The spec's plain-text sanitiser for free text and names: angle brackets, script-protocol text
// and inline event handlers removed, then truncated (1000 characters for text, 255 for names).
// Runs in the browser and on the server; the server's copy is the one that counts.
const TEXT_MAX = 1000;
export const NAME_MAX = 255;

export function sanitizeText(input: string, max: number = TEXT_MAX): string {
  let text = input;
  // Repeat until stable so that removals cannot assemble a new match ("javajavascript:script:").
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text
      .replace(/[<>]/g, '')
      .replace(/(?:java|vb)script\s*:/gi, '')
      .replace(/\bdata\s*:\s*text\/html/gi, '')
      .replace(/\bon[a-z]+\s*=/gi, '');
  }
  return text.trim().slice(0, max);
}
