// JSON requests from islands to our API: never throws; a network failure is status 0.
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: T & { error?: string; fields?: Record<string, string[]> };
}

export async function api<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const parsed = (await response.json().catch(() => ({}))) as ApiAnswer<T>['body'];
    return { ok: response.ok, status: response.status, body: parsed };
  } catch {
    return { ok: false, status: 0, body: {} as ApiAnswer<T>['body'] };
  }
}

export const UNEXPECTED = 'An unexpected error occurred. Please try again.';
