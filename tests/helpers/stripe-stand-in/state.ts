// The stand-in's objects, by Stripe id, shared by its resource modules.
import { randomBytes } from 'node:crypto';

export interface Answer {
  status: number;
  body: unknown;
}

interface RouteContext {
  state: StandInState;
  /** The form body of a POST, or the query of a GET (Stripe's bracket notation, unparsed). */
  body: URLSearchParams;
  /** The path's captured groups. */
  params: string[];
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  /** Undefined lets the next route for the same path answer (e.g. another Checkout mode). */
  handle(context: RouteContext): Answer | undefined;
}

export type StripeObject = Record<string, unknown> & { id: string; object: string };

export class StandInState {
  private n = 0;
  /** Every object the stand-in made or was given, by id. */
  readonly objects = new Map<string, StripeObject>();

  /**
   * Ids are unique across stand-ins too: test files run at once against one database, and a
   * subscription or charge id another file's stand-in also made would collide in unique columns.
   */
  private readonly tag = randomBytes(4).toString('hex');

  /** A new id with Stripe's prefix for the kind (pi, cus, cs, ...). */
  id(prefix: string): string {
    this.n += 1;
    return `${prefix}_standin_${this.tag}${this.n}`;
  }

  put<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  get(id: string, object?: string): StripeObject | undefined {
    const found = this.objects.get(id);
    return found && (!object || found.object === object) ? found : undefined;
  }

  /** Stripe's 404 for an id it does not know. */
  static missing(id: string): Answer {
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such object: '${id}'`,
        },
      },
    };
  }
}

/** Unix seconds, as Stripe writes times. */
export const unixNow = (): number => Math.floor(Date.now() / 1000);
