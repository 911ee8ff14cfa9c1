// What a mail in the layout says (layout.tsx renders it twice, as HTML and as text): a heading,
// paragraphs (lines, secondary links, cards, quotes), one action, a note and the footer's reason.
import type { OutgoingMail } from './outbox.ts';

/** The site's name, the mail's brand and its footer's. */
export const SITE_NAME = 'Dayton Contractors';

/** The one button: the words people use ("Confirm my e-mail"), and where it goes. */
interface MailAction {
  label: string;
  url: string;
  /** The plain-text twin's words before the written-out link (default: the label). */
  text?: string;
}

/** A link that is not the action (a rules page, the billing page): a text link in the HTML. */
interface MailLink {
  link: string;
  url: string;
}

/** A boxed item of a list (a contractor the request went to): a title, lines, an optional link. */
export interface MailCard {
  card: { title: string; lines: readonly string[]; link?: MailLink };
}

/** Someone's own words (a message on a request): set apart in the HTML, "> " lines in the text. */
interface MailQuote {
  quote: string;
}

/**
 * A paragraph; an array keeps its lines (a lead's details); a MailLink is a secondary link; a
 * MailCard a boxed item; a MailQuote someone's words, quoted.
 */
export type MailParagraph = string | readonly string[] | MailLink | MailCard | MailQuote;

export interface MailContent {
  to: string;
  subject: string;
  /** The mail's first line, in the HTML a heading. */
  heading: string;
  /** The reader's name: the mail opens "Hi {greeting},", said by the layout, not by each template. */
  greeting?: string;
  paragraphs: readonly MailParagraph[];
  /** At most one action per mail: its button. */
  action?: MailAction;
  /** Said after the button, smaller (how long the link works, what to do if it was not you). */
  note?: readonly MailParagraph[];
  /** Why the reader got this mail, for the footer ("you asked for quotes on Dayton Contractors"). */
  reason: string;
  template: string;
  payload?: OutgoingMail['payload'];
  sendAfterSeconds?: number;
}

export const isLink = (p: MailParagraph): p is MailLink => typeof p === 'object' && 'url' in p;
export const isCard = (p: MailParagraph): p is MailCard => typeof p === 'object' && 'card' in p;
export const isQuote = (p: MailParagraph): p is MailQuote => typeof p === 'object' && 'quote' in p;
