// Rich-text sanitising profiles (spec document 2, section 5), DOMPurify over one jsdom window.
// USER: p, br, strong, em, u, ul, ol, li, no attributes. TRUSTED: those plus headings,
// blockquote, div, span, a and img with href, src, alt, title, class. ATTRIBUTION: links only.
// Scripts, forms, inputs and event attributes go everywhere; a failure returns ''.
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { log } from '../log.ts';

export type SanitizeProfile = 'user' | 'trusted' | 'attribution';

const USER_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li'];

const PROFILES: Record<SanitizeProfile, { tags: string[]; attributes: string[] }> = {
  user: { tags: USER_TAGS, attributes: [] },
  trusted: {
    tags: [...USER_TAGS, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'div', 'span', 'a', 'img'],
    attributes: ['href', 'src', 'alt', 'title', 'class'],
  },
  attribution: { tags: ['a'], attributes: ['href', 'title'] },
};

/** Dropped with everything inside them, whatever the profile. */
const DROPPED = [
  'script',
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'iframe',
  'object',
  'embed',
];

let purifier: DOMPurify | undefined;

function getPurifier(): DOMPurify {
  purifier ??= createDOMPurify(new JSDOM('').window);
  return purifier;
}

export function profileConfig(profile: SanitizeProfile): Config {
  const { tags, attributes } = PROFILES[profile];
  return {
    ALLOWED_TAGS: tags,
    ALLOWED_ATTR: attributes,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_TAGS: DROPPED,
    ADD_FORBID_CONTENTS: DROPPED,
    RETURN_TRUSTED_TYPE: false,
  };
}

/** The HTML with only what the profile allows; '' when sanitising fails. */
export function sanitizeHtml(html: string, profile: SanitizeProfile): string {
  try {
    return getPurifier().sanitize(html, profileConfig(profile));
  } catch (error) {
    log().error({ err: error }, 'sanitizeHtml failed');
    return '';
  }
}
