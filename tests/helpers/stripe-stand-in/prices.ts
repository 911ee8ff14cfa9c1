// Prices: the plans' monthly Prices as an account set up per the README ("Stripe plans") holds
// them, found by lookup_key. They exist from the first request on, like a configured account's.
import { PLANS, PLAN_IDS } from '../../../src/domain/plans.ts';
import { unixNow, type Route, type StandInState, type StripeObject } from './state.ts';

/** The plans' Prices in this state (made once). */
export function planPrices(state: StandInState): StripeObject[] {
  return PLAN_IDS.map((id) => {
    const priceId = `price_standin_${id}`;
    return (
      state.get(priceId, 'price') ??
      state.put({
        id: priceId,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: PLANS[id].priceCents,
        lookup_key: PLANS[id].lookupKey,
        recurring: { interval: 'month', interval_count: 1 },
        type: 'recurring',
        product: `prod_standin_${id}`,
        created: unixNow(),
        metadata: {},
      })
    );
  });
}

/** The values of a bracketed list parameter (lookup_keys[0]=..., lookup_keys[]=...). */
export function listParam(body: URLSearchParams, name: string): string[] {
  return [...body].filter(([key]) => key === name || key.startsWith(`${name}[`)).map(([, value]) => value);
}

export const priceRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/prices$/,
    handle({ state, body }) {
      const keys = listParam(body, 'lookup_keys');
      const data = planPrices(state).filter(
        (p) => keys.length === 0 || keys.includes(p['lookup_key'] as string),
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/prices\/([^/]+)$/,
    handle({ state, params: [id] }) {
      planPrices(state);
      const price = state.get(id!, 'price');
      return price ? { status: 200, body: price } : undefined;
    },
  },
];
