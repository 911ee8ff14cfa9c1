// Reading Stripe's bracket-notation form bodies (metadata[key]=value, expand[0]=a.b).
/** `prefix[key]=value` pairs as an object (e.g. metadata, setup_intent_data[metadata]). */
export function bracketed(body: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const escaped = prefix.replace(/[[\]]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}\\[([^\\]]+)\\]$`);
  for (const [name, value] of body) {
    const field = pattern.exec(name);
    if (field) out[field[1]!] = value;
  }
  return out;
}

/** `name[0]=a&name[1]=b` (or `name[]=`) as a list. */
export function listOf(body: URLSearchParams, name: string): string[] {
  const pattern = new RegExp(`^${name}\\[\\d*\\]$`);
  return [...body].filter(([key]) => pattern.test(key)).map(([, value]) => value);
}
