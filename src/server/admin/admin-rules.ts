// The admin area's own rules: windows, list sizes and messages only its server code applies (the
// admin pages' shared words live in src/domain/admin-rules.ts).

/** How far back "failed payments" looks. */
export const FAILED_PAYMENTS_DAYS = 7;

/** How many contractors the index lists with their figures (the most spent this month first). */
export const FIGURES_LIST_SIZE = 10;

/** A claim id that names no claim, or a claim whose listing is gone. */
export const CLAIM_NOT_FOUND = 'Claim not found';

/** A claim approved or rejected meanwhile (by another admin). */
export const CLAIM_NOT_PENDING = 'This claim is no longer pending.';

/** A claim whose listing was claimed by someone else meanwhile. */
export const LISTING_HAS_OWNER = 'This listing already has an owner.';

/** Published articles offered to choose from (by title). */
export const CHOICES_MAX = 500;

/** The longest pipeline error kept on a run. */
export const ERROR_MAX = 1000;
