// A read: api()'s GET of a JSON answer, thrown as a ReadError when it is not ok. The islands' data
// layer (./query.tsx) runs it inside its queries; an island reads with it directly only for a read
// a click asks for once (a search, the lead opened), and the quote wizard, which carries no query
// client, for its one read.
import { api, UNEXPECTED } from './api.ts';

/** A read that did not come back ok: the server's words (or UNEXPECTED) and its status. */
export class ReadError extends Error {
  /** The answer's HTTP status; 0 when the network failed (no answer at all). */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ReadError';
    this.status = status;
  }
}

/** GET `url` as JSON through api(); an answer that is not ok is thrown as a ReadError. */
export async function read<T>(url: string, signal?: AbortSignal): Promise<T> {
  const answer = await api<T>('GET', url, undefined, signal ? { signal } : {});
  if (!answer.ok) throw new ReadError(answer.body.error ?? UNEXPECTED, answer.status);
  return answer.body;
}

/** What to tell of a read that failed: the server's words, or UNEXPECTED. */
export const failureText = (error: unknown): string =>
  error instanceof ReadError ? error.message : UNEXPECTED;
