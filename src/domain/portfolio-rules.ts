// The contractor's portfolio (the dashboard's Profile tab): past jobs with a photo, a title and a
// description, in the order the contractor puts them. Limits and the words the editor and the
// endpoints share.
import { PHOTO_MESSAGES } from './quote-rules.ts';

/** Items one business may keep (the public profile shows the first few, in this order). */
export const PORTFOLIO_MAX_ITEMS = 24;
export const PORTFOLIO_TITLE_MAX = 120;
export const PORTFOLIO_DESCRIPTION_MAX = 1000;

export const PORTFOLIO_MESSAGES = {
  ...PHOTO_MESSAGES,
  titleRequired: 'Enter a title for this job',
  title: `A title is at most ${PORTFOLIO_TITLE_MAX} characters`,
  description: `A description is at most ${PORTFOLIO_DESCRIPTION_MAX} characters`,
  photoRequired: 'Choose a photo of this job',
  full: `A portfolio holds at most ${PORTFOLIO_MAX_ITEMS} jobs. Remove one to add another.`,
  notFound: 'Portfolio item not found',
  order: 'The order must list every item of your portfolio once.',
  added: 'Job added to your portfolio',
  saved: 'Portfolio item saved',
  removed: 'Job removed from your portfolio',
  moved: 'Portfolio order saved',
  loadFailed: 'Failed to load your portfolio.',
  saveFailed: 'Failed to save the portfolio.',
} as const;
