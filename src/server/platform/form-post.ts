// The one wrapper for the pages that take a plain HTML form POST (no JavaScript), as route() is
// for the endpoints: the page is private; on a POST its text fields are read (each cut to its
// longest length), checked against the page's schema, handed to one use-case, and either the
// browser is sent on with a 303 (no repost on reload) or the page is drawn again with what was
// typed and why it was refused: an AppError's message and status (with its Retry-After, a rate
// limit's, unless the page says another status). Any other error is thrown on, to the error page. The middleware has already refused a
// cross-site POST (same-origin check), so a form here needs no token of its own.
import { z } from 'zod';
import { AppError, errorStatus, fieldMessages } from './errors.ts';
import { PRIVATE } from './http.ts';

type Schema = z.core.$ZodType;

/** What the wrapper needs of Astro's page global. */
export interface FormPage {
  request: Request;
  response: { status?: number; readonly headers: Headers };
}

export interface FormPostOptions<F extends string, S extends Schema | undefined, T> {
  /** The form's text fields, each with its longest kept length (null: kept whole). An absent
   * field, a file, or a body that is not a form reads as ''. */
  fields: Record<F, number | null>;
  /** Checks the fields before anything runs; refused, the page gets its field messages (400). */
  schema?: S;
  /** The use-case, given the checked fields and the form itself (null when the body was not a
   * form), for what is not text (a file). */
  run: (data: S extends Schema ? z.output<S> : Record<F, string>, form: FormData | null) => Promise<T>;
  /** Where to send the browser after it succeeded (303), or null to draw the page. */
  redirect?: (value: T, input: Record<F, string>) => string | null;
  /** The page's status for a refusal (default: the AppError's own, as route() answers it). */
  status?: (error: AppError) => number;
}

/** What the page draws after its POST, with the input as typed (cut to the fields' lengths). */
export type FormPostState<F extends string, T> =
  | { kind: 'none' }
  | { kind: 'done'; input: Record<F, string>; value: T }
  | { kind: 'invalid'; input: Record<F, string>; fields: Record<string, string[]>; message: string }
  | { kind: 'failed'; input: Record<F, string>; error: AppError; message: string };

/** A 303 to `location`, never cached: what a form page answers instead of drawing itself. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, ...PRIVATE } });
}

export async function handleFormPost<F extends string, S extends Schema | undefined = undefined, T = unknown>(
  page: FormPage,
  options: FormPostOptions<F, S, T>,
): Promise<Response | FormPostState<F, T>> {
  for (const [name, value] of Object.entries(PRIVATE)) page.response.headers.set(name, value);
  if (page.request.method !== 'POST') return { kind: 'none' };
  const form = await page.request.formData().catch(() => null);
  const input = readFields(form, options.fields);
  let data: unknown = input;
  if (options.schema) {
    const parsed = z.safeParse(options.schema, input);
    if (!parsed.success) {
      page.response.status = 400;
      const fields = fieldMessages(parsed.error);
      return { kind: 'invalid', input, fields, message: Object.values(fields).flat()[0] ?? 'Invalid form' };
    }
    data = parsed.data;
  }
  try {
    const value = await options.run(data as Parameters<typeof options.run>[0], form);
    const location = options.redirect?.(value, input) ?? null;
    return location === null ? { kind: 'done', input, value } : seeOther(location);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const status = options.status?.(error) ?? errorStatus(error);
    page.response.status = status;
    // When to come back (a 429, a 503) goes with the error's own status only: a page that answers
    // it with a status of its own (status above) sends no Retry-After with it.
    const wait = error.extra?.retryAfterSeconds;
    if (wait !== undefined && status === errorStatus(error)) {
      page.response.headers.set('retry-after', String(wait));
    }
    return { kind: 'failed', input, error, message: error.message };
  }
}

function readFields<F extends string>(
  form: FormData | null,
  fields: Record<F, number | null>,
): Record<F, string> {
  const input = {} as Record<F, string>;
  for (const name of Object.keys(fields) as F[]) {
    const value = form?.get(name);
    // A file sent where text belongs reads as nothing typed.
    const text = typeof value === 'string' ? value : '';
    const longest = fields[name];
    input[name] = longest === null ? text : text.slice(0, longest);
  }
  return input;
}
