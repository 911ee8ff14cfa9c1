// The wizard's budget presets, drawn from the chosen service's typical price range (the range the
// service pages state, content/services.json) instead of one list for every trade, and "Not sure"
// (issue 25; docs/decisions.md "The wizard, shorter and clearer"). Budgets are whole dollars.
import { BUDGET_MAX, BUDGET_PRESETS } from './quote-rules.ts';

/** How a service's price is stated. */
export const PRICE_UNITS = ['project', 'hour', 'visit', 'square foot', 'linear foot'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];
/** Units that are a whole job: the price range already says what a job costs. */
export const JOB_UNITS: readonly PriceUnit[] = ['project', 'visit'];

/** A service's typical price, as the catalog keeps it. */
export interface ServicePrice {
  priceMinCents: number;
  priceMaxCents: number;
  priceUnit: string;
  /** The size of a typical job in the price unit (hours, square or linear feet). */
  typicalUnits: number | null;
}

/** One preset: a budget range in whole dollars. */
export interface BudgetRange {
  min: number;
  max: number;
}

/**
 * "Not sure": a budget of 0 to 0, which the leads table accepts (budget_min >= 0, budget_max >=
 * budget_min) and the lead score counts as no budget. Any other budget still starts above 0.
 */
export const BUDGET_NOT_SURE: BudgetRange = { min: 0, max: 0 };
export const BUDGET_NOT_SURE_LABEL = 'Not sure';

export const isBudgetNotSure = (min: number, max: number): boolean => min === 0 && max === 0;

/** Whole dollars rounded to two significant digits ($1,234 → $1,200; $75 stays $75). */
export function roundNice(dollars: number): number {
  if (dollars < 100) return Math.max(1, Math.round(dollars));
  const step = 10 ** (Math.floor(Math.log10(dollars)) - 1);
  return Math.round(dollars / step) * step;
}

/**
 * What a typical job costs in whole dollars: the price range, times the typical job's size when
 * the price is per hour or per foot. Null when that size is not known.
 */
export function typicalJob(price: ServicePrice): BudgetRange | null {
  const units = (JOB_UNITS as readonly string[]).includes(price.priceUnit) ? 1 : price.typicalUnits;
  if (!units || units <= 0) return null;
  const min = Math.round((price.priceMinCents / 100) * units);
  const max = Math.round((price.priceMaxCents / 100) * units);
  return min > 0 && max > min ? { min, max } : null;
}

/**
 * The presets for a service whose typical job costs `lo` to `hi`: a smaller job (half of `lo` up to
 * `lo`), the lower and upper half of the typical range, and a bigger job (`hi` up to twice it).
 * Every preset is a closed range whose label says exactly what is stored, starting above 0, each
 * starting where the one before ends. Without a known typical job, the spec's fixed presets.
 */
export function budgetPresets(price: ServicePrice | null | undefined): BudgetRange[] {
  const job = price ? typicalJob(price) : null;
  if (!job) return BUDGET_PRESETS.map(({ min, max }) => ({ min, max }));
  const { min: lo, max: hi } = job;
  const mid = roundNice((lo + hi) / 2);
  const middle = mid > lo && mid < hi ? mid : Math.round((lo + hi) / 2);
  const below = roundNice(lo / 2);
  const above = Math.min(BUDGET_MAX, roundNice(hi * 2));
  const edges = [below < lo ? below : Math.max(1, lo - 1), lo, middle, hi, above > hi ? above : BUDGET_MAX];
  const presets: BudgetRange[] = [];
  for (let i = 0; i + 1 < edges.length; i += 1) {
    const [min, max] = [edges[i]!, edges[i + 1]!];
    if (max > min) presets.push({ min, max });
  }
  return presets;
}
