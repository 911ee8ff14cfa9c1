// The one layout of every mail: a heading, paragraphs, one action (a button), an optional note and
// a footer that names the site and why the reader got the mail, rendered twice from the same
// content: HTML (with @react-email/components, inline styles as mail clients need) and a
// plain-text twin, where the action's link is written out since plain text has no button.
//
// Server-only: rendered synchronously with react-dom/server (react-email's own render() is async
// and loads prettier and html-to-text), so every mail builder stays a plain function returning an
// OutgoingMail. Every value is a React text child or attribute: React escapes it; nothing goes
// through dangerouslySetInnerHTML. The HTML is rendered here (every element of it is in this file);
// what a mail says is layout-content.ts's, its styles layout-styles.ts's, its text twin
// layout-text.ts's.
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
import { siteUrl } from '../config/site.ts';
import {
  isCard,
  isLink,
  isQuote,
  SITE_NAME,
  type MailCard,
  type MailContent,
  type MailParagraph,
} from './layout-content.ts';
import { styles } from './layout-styles.ts';
import { mailText } from './layout-text.ts';
import type { OutgoingMail } from './outbox.ts';

export type { MailCard, MailContent } from './layout-content.ts';
export { MAIL_COLORS } from './layout-styles.ts';

/** Only our own web addresses become links: anything else is a mistake, not a link to send. */
function safeUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`A mail link must be http(s): ${url.slice(0, 40)}`);
  return url;
}

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
