// The plain-text twin of a mail in the layout: the same words as the HTML, each secondary link and
// the action's link written out, since plain text has no button.
import { siteUrl } from '../config/site.ts';
import {
  isCard,
  isLink,
  isQuote,
  SITE_NAME,
  type MailContent,
  type MailParagraph,
} from './layout-content.ts';

function paragraphText(p: MailParagraph): string {
  if (isCard(p))
    return [
      p.card.title,
      ...p.card.lines,
      ...(p.card.link ? [`${p.card.link.link}: ${p.card.link.url}`] : []),
    ].join('\n');
  if (isLink(p)) return `${p.link}: ${p.url}`;
  if (isQuote(p))
    return p.quote
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
  return typeof p === 'string' ? p : p.join('\n');
}

/** The plain-text twin: the same words, the action's link written out. */
export function mailText(mail: MailContent, site = siteUrl()): string {
  return [
    mail.heading,
    ...mail.paragraphs.map(paragraphText),
    ...(mail.action ? [`${mail.action.text ?? mail.action.label}: ${mail.action.url}`] : []),
    ...(mail.note ?? []).map(paragraphText),
    `-- \n${SITE_NAME} (${site})\nYou got this e-mail because ${mail.reason}.`,
  ].join('\n\n');
}
