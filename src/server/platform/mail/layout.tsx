// The one layout of every mail: a heading, paragraphs, one action (a button), an optional note and
// a footer that names the site and why the reader got the mail, rendered twice from the same
// content: HTML (with @react-email/components, inline styles as mail clients need) and a
// plain-text twin, where the action's link is written out since plain text has no button.
//
// Server-only: rendered synchronously with react-dom/server (react-email's own render() is async
// and loads prettier and html-to-text), so every mail builder stays a plain function returning an
// OutgoingMail. Every value is a React text child or attribute: React escapes it; nothing goes
// through dangerouslySetInnerHTML.
import { createHash } from 'node:crypto';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { siteUrl } from '../config.ts';
import type { OutgoingMail } from './outbox.ts';

const SITE_NAME = 'Dayton Contractors';

/** src/styles/global.css's tokens (mail clients know no CSS variables; a unit test keeps them equal). */
export const MAIL_COLORS = {
  ink: '#111827',
  muted: '#4b5563',
  line: '#e5e7eb',
  bg: '#ffffff',
  soft: '#f3f4f6',
  brand: '#1d4ed8',
  brandDark: '#1e3a8a',
} as const;

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
type MailParagraph = string | readonly string[] | MailLink | MailCard | MailQuote;

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

const FONT = '-apple-system, BlinkMacSystemFont, Segoe UI, Helvetica, Arial, sans-serif';
const styles = {
  body: { backgroundColor: MAIL_COLORS.soft, margin: '0', padding: '24px 0', fontFamily: FONT },
  container: {
    backgroundColor: MAIL_COLORS.bg,
    border: `1px solid ${MAIL_COLORS.line}`,
    borderRadius: '10px',
    maxWidth: '560px',
    padding: '24px',
  },
  brand: { color: MAIL_COLORS.brandDark, fontSize: '18px', fontWeight: 700, margin: '0 0 16px' },
  heading: { color: MAIL_COLORS.ink, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' },
  text: { color: MAIL_COLORS.ink, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  note: { color: MAIL_COLORS.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 12px' },
  link: { color: MAIL_COLORS.brand, textDecoration: 'underline' },
  card: {
    border: `1px solid ${MAIL_COLORS.line}`,
    borderRadius: '10px',
    margin: '0 0 12px',
    padding: '12px 16px',
  },
  cardTitle: { color: MAIL_COLORS.ink, fontSize: '16px', fontWeight: 700, lineHeight: '24px', margin: '0' },
  cardLine: { color: MAIL_COLORS.muted, fontSize: '14px', lineHeight: '20px', margin: '0' },
  quote: {
    borderLeft: `4px solid ${MAIL_COLORS.line}`,
    color: MAIL_COLORS.ink,
    fontSize: '16px',
    lineHeight: '24px',
    margin: '0 0 16px',
    padding: '0 0 0 12px',
  },
  action: { margin: '8px 0 24px' },
  button: {
    backgroundColor: MAIL_COLORS.brand,
    borderRadius: '10px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 700,
    lineHeight: '20px',
    padding: '12px 24px',
    textDecoration: 'none',
  },
  hr: { borderColor: MAIL_COLORS.line, margin: '24px 0 16px' },
  footer: { color: MAIL_COLORS.muted, fontSize: '13px', lineHeight: '20px', margin: '0' },
} as const;

/** Only our own web addresses become links: anything else is a mistake, not a link to send. */
function safeUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`A mail link must be http(s): ${url.slice(0, 40)}`);
  return url;
}

const isLink = (p: MailParagraph): p is MailLink => typeof p === 'object' && 'url' in p;
const isCard = (p: MailParagraph): p is MailCard => typeof p === 'object' && 'card' in p;
const isQuote = (p: MailParagraph): p is MailQuote => typeof p === 'object' && 'quote' in p;

function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, i) => (
    <span key={i}>
      {i > 0 && <br />}
      {line}
    </span>
  ));
}

function Card({ card }: MailCard) {
  return (
    <Section style={styles.card}>
      <Text style={styles.cardTitle}>{card.title}</Text>
      {card.lines.map((line, i) => (
        <Text key={i} style={styles.cardLine}>
          {line}
        </Text>
      ))}
      {card.link && (
        <Text style={styles.cardLine}>
          <Link href={safeUrl(card.link.url)} style={styles.link}>
            {card.link.link}
          </Link>
        </Text>
      )}
    </Section>
  );
}

function Paragraph({ value, style }: { value: MailParagraph; style: CSSProperties }) {
  if (isCard(value)) return <Card card={value.card} />;
  if (isQuote(value))
    return (
      <Text style={styles.quote}>
        <Lines lines={value.quote.split('\n')} />
      </Text>
    );
  if (isLink(value))
    return (
      <Text style={style}>
        <Link href={safeUrl(value.url)} style={styles.link}>
          {value.link}
        </Link>
      </Text>
    );
  if (typeof value === 'string') return <Text style={style}>{value}</Text>;
  return (
    <Text style={style}>
      <Lines lines={value} />
    </Text>
  );
}

function MailDocument({ mail, site }: { mail: MailContent; site: string }) {
  const first = mail.paragraphs.find((p): p is string => typeof p === 'string') ?? mail.heading;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{mail.subject}</title>
      </Head>
      <Preview>{first.slice(0, 140)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{SITE_NAME}</Text>
          <Heading as="h1" style={styles.heading}>
            {mail.heading}
          </Heading>
          {mail.paragraphs.map((p, i) => (
            <Paragraph key={i} value={p} style={styles.text} />
          ))}
          {mail.action && (
            <Section style={styles.action}>
              <Button href={safeUrl(mail.action.url)} style={styles.button} data-mail-action="">
                {mail.action.label}
              </Button>
            </Section>
          )}
          {mail.note?.map((p, i) => (
            <Paragraph key={i} value={p} style={styles.note} />
          ))}
          <Hr style={styles.hr} />
          <Text style={styles.footer}>
            <Link href={site} style={styles.link}>
              {SITE_NAME}
            </Link>
            , local contractors in Dayton, Ohio.
          </Text>
          <Text style={styles.footer}>You got this e-mail because {mail.reason}.</Text>
        </Container>
      </Body>
    </Html>
  );
}

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
function mailText(mail: MailContent, site = siteUrl()): string {
  return [
    mail.heading,
    ...mail.paragraphs.map(paragraphText),
    ...(mail.action ? [`${mail.action.text ?? mail.action.label}: ${mail.action.url}`] : []),
    ...(mail.note ?? []).map(paragraphText),
    `-- \n${SITE_NAME} (${site})\nYou got this e-mail because ${mail.reason}.`,
  ].join('\n\n');
}

/** The HTML, a complete document (react-email's doctype). */
function mailHtml(mail: MailContent, site = siteUrl()): string {
  return (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">' +
    renderToStaticMarkup(<MailDocument mail={mail} site={site} />)
  );
}

/**
 * A mail in the layout, ready for enqueueMail: the subject as given, the HTML and its text twin.
 * The way every mail is written (docs/architecture.md: Mail).
 */
export function layoutMail(content: MailContent): OutgoingMail {
  const site = siteUrl();
  const mail = content.greeting
    ? { ...content, paragraphs: [`Hi ${content.greeting},`, ...content.paragraphs] }
    : content;
  return {
    to: mail.to,
    subject: mail.subject,
    text: mailText(mail, site),
    html: mailHtml(mail, site),
    template: mail.template,
    ...(mail.payload ? { payload: mail.payload } : {}),
    ...(mail.sendAfterSeconds === undefined ? {} : { sendAfterSeconds: mail.sendAfterSeconds }),
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  lt: '<',
  gt: '>',
  apos: "'",
  '#39': "'",
  '#x27': "'",
};

/**
 * The CSP hashes ('sha256-…') of the style attributes in mails' HTML, for /dev/mail: a srcdoc
 * frame keeps its page's policy, so the page allows exactly these attributes ('unsafe-hashes'
 * in style-src-attr) and nothing else inline.
 */
export function styleAttributeHashes(htmls: readonly string[]): `sha256-${string}`[] {
  const hashes = new Set<`sha256-${string}`>();
  for (const html of htmls)
    for (const [, value] of html.matchAll(/\sstyle="([^"]*)"/g)) {
      const decoded = value!.replace(/&(amp|quot|lt|gt|apos|#39|#x27);/g, (_, e: string) => ENTITIES[e]!);
      hashes.add(`sha256-${createHash('sha256').update(decoded).digest('base64')}`);
    }
  return [...hashes];
}
