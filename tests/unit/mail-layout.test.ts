// The mail layout (src/server/platform/mail/layout.tsx): one button, every value escaped, a plain-text
// twin that writes the link out, the token only in the button's href, the brand's colours the
// site's tokens, and the /dev/mail style hashes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  claimRejectedMail,
  registrationRejectedMail,
} from '../../src/server/platform/mail/contractor-mails.ts';
import { passwordResetMail, verificationMail } from '../../src/server/platform/mail/account-mails.ts';
import { claimCodeMail } from '../../src/server/platform/mail/claim-mails.ts';
import { contactPhone } from '../../src/server/platform/config/site.ts';
import { creditDeclinedMail } from '../../src/server/platform/mail/credit-mails.ts';
import { responseMail } from '../../src/server/platform/mail/dashboard-mails.ts';
import { quoteAcceptedMail } from '../../src/server/platform/mail/homeowner-mails.ts';
import {
  MAIL_COLORS,
  layoutMail,
  styleAttributeHashes,
  type MailContent,
} from '../../src/server/platform/mail/layout.tsx';
import { reviewWithdrawnMail } from '../../src/server/platform/mail/review-mails.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const URL_WITH_TOKEN = `https://daytoncontractors.example/auth/verify?token=${TOKEN}`;

const base: MailContent = {
  to: 'ann@example.com',
  subject: 'Confirm your e-mail address',
  heading: 'Confirm your e-mail address',
  paragraphs: ['Welcome to Dayton Contractors!'],
  action: { label: 'Confirm my e-mail', url: URL_WITH_TOKEN },
  note: ['The link works once.'],
  reason: 'someone signed up on Dayton Contractors with this address',
  template: 'email_verification',
};

/** The buttons in a mail's HTML: the layout marks its one action. */
const buttons = (html: string) => [...html.matchAll(/<a [^>]*data-mail-action=""[^>]*>/g)].map((m) => m[0]);
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('the mail layout', () => {
  it('renders one button with the label, linking to the action', () => {
    const mail = layoutMail(base);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(buttons(mail.html!)).toHaveLength(1);
    expect(buttons(mail.html!)[0]).toContain(`href="${URL_WITH_TOKEN}"`);
    expect(mail.html).toContain('>Confirm my e-mail</span>');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.template).toBe('email_verification');
  });

  it('shows the token link only as the button’s href, never written out in the HTML', () => {
    const html = layoutMail(base).html!;
    expect(count(html, TOKEN)).toBe(1);
    expect(count(html, `href="${URL_WITH_TOKEN}"`)).toBe(1);
    // Outside tags (the text a reader sees) the link does not appear.
    expect(html.replace(/<[^>]*>/g, '')).not.toContain('token=');
  });

  it('writes a plain-text twin with the link written out, the words and the footer', () => {
    const { text } = layoutMail(base);
    expect(text).toContain(`Confirm my e-mail: ${URL_WITH_TOKEN}`);
    expect(text).toContain('Welcome to Dayton Contractors!');
    expect(text).toContain('The link works once.');
    expect(text).toMatch(
      /Dayton Contractors \(https?:\/\/\S+\)\nYou got this e-mail because someone signed up/,
    );
    // The action comes before any other link, so "the mail's link" is the action's.
    expect(/https?:\/\/\S+/.exec(text)?.[0]).toBe(URL_WITH_TOKEN);
  });

  it('escapes every value: a name cannot add markup', () => {
    const evil = '<img src=x onerror=alert(1)> & "quoted" <script>alert(2)</script>';
    const mail = layoutMail({
      ...base,
      subject: evil,
      heading: evil,
      paragraphs: [evil, [evil, evil], { link: evil, url: 'https://example.com/a' }],
      note: [evil],
      reason: evil,
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;');
    expect(mail.text).toContain(evil);
    const source = readFileSync('src/server/platform/mail/layout.tsx', 'utf8');
    expect(source).not.toMatch(/dangerouslySetInnerHTML\s*=/);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => layoutMail({ ...base, action: { label: 'Open', url: 'javascript:alert(1)' } })).toThrow(
      /http\(s\)/,
    );
    expect(() => layoutMail({ ...base, paragraphs: [{ link: 'x', url: 'data:text/html,hi' }] })).toThrow();
  });

  it('uses the action’s own words in the text when given, and a secondary link as a plain link', () => {
    const mail = layoutMail({
      ...base,
      action: {
        label: 'Fix my card',
        url: 'https://x.example/pay',
        text: 'Fix your card to receive the next one',
      },
      note: [{ link: 'How credits work', url: 'https://x.example/lead-credit-rules' }],
    });
    expect(mail.text).toMatch(/^Fix your card to receive the next one: https:\/\/x\.example\/pay$/m);
    expect(mail.text).toContain('How credits work: https://x.example/lead-credit-rules');
    expect(buttons(mail.html!)).toHaveLength(1);
    expect(mail.html).toContain('>How credits work</a>');
  });

  it('shows a card (a contractor the request went to) boxed in the HTML and as lines in the text', () => {
    const mail = layoutMail({
      ...base,
      paragraphs: [
        'We sent it to:',
        {
          card: {
            title: 'Acme <Plumbing>',
            lines: ['4.8 stars from 12 reviews', 'Licence and insurance checked'],
            link: { link: 'See Acme’s profile', url: 'https://x.example/contractor/acme' },
          },
        },
      ],
    });
    expect(mail.text).toContain(
      'Acme <Plumbing>\n4.8 stars from 12 reviews\nLicence and insurance checked\nSee Acme’s profile: https://x.example/contractor/acme',
    );
    expect(mail.html).toContain('Acme &lt;Plumbing&gt;');
    expect(mail.html).toContain('>See Acme’s profile</a>');
    expect(buttons(mail.html!)).toHaveLength(1);
    // Written in order: a card before the action puts its link first in the text.
    expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe('https://x.example/contractor/acme');
  });

  it('quotes someone’s message set apart in the HTML and as "> " lines in the text, escaped', () => {
    const mail = layoutMail({
      ...base,
      paragraphs: ['Ann wrote:', { quote: 'Can you come on <b>Tuesday</b>?\nAfter 9 & before 5.' }],
    });
    expect(mail.text).toContain('Ann wrote:\n\n> Can you come on <b>Tuesday</b>?\n> After 9 & before 5.');
    expect(mail.html).toContain('Can you come on &lt;b&gt;Tuesday&lt;/b&gt;?');
    expect(mail.html).not.toContain('<b>Tuesday');
    expect(mail.html).toMatch(/border-left:4px solid #e5e7eb[^>]*>(<span>)?Can you come/);
    expect(buttons(mail.html!)).toHaveLength(1);
  });

  it('keeps the colours of src/styles/global.css (its tokens, in global/base.css)', () => {
    const css = readFileSync('src/styles/global/base.css', 'utf8');
    const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
    expect(MAIL_COLORS).toEqual({
      ink: token('ink'),
      muted: token('muted'),
      line: token('line'),
      bg: token('bg'),
      soft: token('soft'),
      brand: token('brand'),
      brandDark: token('brand-dark'),
    });
  });

  it('hashes each style attribute as the browser reads it, for /dev/mail’s policy', () => {
    const html = '<p style="color:#111827"></p><p style="font-family:&quot;A B&quot;, x &amp; y"></p>';
    const sha = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;
    expect(styleAttributeHashes([html, html])).toEqual([
      sha('color:#111827'),
      sha('font-family:"A B", x & y'),
    ]);
  });
});

describe('the mails in the layout', () => {
  it('the account mails: one button each, the token link in the text twin', () => {
    for (const mail of [
      verificationMail('a@example.com', TOKEN),
      passwordResetMail('a@example.com', TOKEN),
    ]) {
      expect(buttons(mail.html!)).toHaveLength(1);
      expect(count(mail.html!, TOKEN)).toBe(1);
      expect(mail.text).toMatch(new RegExp(`token=${TOKEN}`));
    }
    expect(verificationMail('a@example.com', TOKEN).html).toContain('>Confirm my e-mail</span>');
    expect(passwordResetMail('a@example.com', TOKEN).html).toContain('>Reset your password</span>');
  });

  it('a contractor’s message reaches the homeowner escaped, with "See your quotes"', () => {
    const mail = responseMail(
      { leadId: 'l1', name: 'Ann <b>', email: 'ann@example.com', projectType: 'Plumbing' },
      {
        businessName: 'Acme "Pipes" & Co',
        subject: 'Your quote',
        message: 'Line one\n<a href="https://evil.example">click</a>',
        totalCents: 45000,
        link: `https://x.example/quote-request/responses?token=${TOKEN}`,
      },
    );
    expect(mail.subject).toBe('Acme "Pipes" & Co replied: Your quote');
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt;');
    expect(buttons(mail.html!)).toHaveLength(1);
    expect(mail.html).toContain('>See your quotes</span>');
    expect(mail.text).toContain('Their quote: $450.00 in total.');
    expect(mail.text).toContain(`/quote-request/responses?token=${TOKEN}`);
  });

  it('the claim code is written in the mail, never a link', () => {
    const mail = claimCodeMail('office@acme.example', '123456', 'Acme');
    expect(/Your code is (\d{6})\./.exec(mail.text)?.[1]).toBe('123456');
    expect(buttons(mail.html!)).toHaveLength(1);
    expect(buttons(mail.html!)[0]).not.toContain('123456');
  });
});

describe('what the mails ask of their reader (issue 25 review)', () => {
  const phone = contactPhone();

  it('never asks for a reply to the no-reply sender: the next step is the contact phone', () => {
    const mails = [
      registrationRejectedMail('a@example.com', 'Acme', 'No licence on file'),
      claimRejectedMail('a@example.com', 'Acme', 'No proof'),
      reviewWithdrawnMail(
        { email: 'ann@example.com', name: 'Ann', leadId: 'l1' },
        { id: 'r1', businessName: 'Acme', projectType: 'Plumbing' },
      ),
      creditDeclinedMail(
        { name: 'Acme', email: 'a@example.com' },
        {
          id: 'c1',
          leadId: 'l1',
          amountCents: 3000,
          reason: 'Answered',
          projectType: 'Plumbing',
          place: 'Dayton',
        },
      ),
    ];
    for (const mail of mails) {
      expect(mail.text).not.toMatch(/reply to this/i);
      expect(mail.html).not.toMatch(/reply to this/i);
      expect(mail.text).toContain(`call us at ${phone}`);
    }
  });

  it("opens the lead it is about, not the dashboard's first screen", () => {
    const lead = '8c0f4a8e-2a77-4b55-9c1e-6a1f3c2b9d10';
    const declined = creditDeclinedMail(
      { name: 'Acme', email: 'a@example.com' },
      {
        id: 'c1',
        leadId: lead,
        amountCents: 3000,
        reason: 'Answered',
        projectType: 'Plumbing',
        place: 'Dayton',
      },
    );
    const accepted = quoteAcceptedMail(
      { name: 'Acme', email: 'a@example.com' },
      { id: lead, name: 'Ann', projectType: 'Plumbing' },
      { communicationId: 'm1', totalCents: 45000 },
    );
    for (const mail of [declined, accepted]) {
      expect(buttons(mail.html!)[0]).toContain(`/dashboard?lead=${lead}"`);
      expect(mail.text).toContain(`/dashboard?lead=${lead}`);
    }
  });

  it("keeps the line breaks of someone's own words in the HTML", () => {
    const mail = responseMail(
      { leadId: 'l1', name: 'Ann', email: 'ann@example.com', projectType: 'Plumbing' },
      {
        businessName: 'Acme',
        subject: 'Quote',
        message: 'Line one\nLine two',
        totalCents: null,
        link: 'https://x.example/r',
      },
    );
    expect(mail.html).toMatch(/Line one<\/span><span><br\/?>Line two/);
    expect(mail.text).toContain('> Line one\n> Line two');
  });

  it('tells a claimant where the code goes when the dashboard is not open to them yet', () => {
    const mail = claimCodeMail('office@acme.example', '123456', 'Acme');
    expect(mail.text).toContain('Type it on the page where you asked for it.');
    expect(mail.text).toContain('confirm your account’s e-mail, sign in and type it on your dashboard');
  });
});
