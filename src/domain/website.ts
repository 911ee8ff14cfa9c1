// A contractor's website as the site will link it: an http(s) address of a host, as plain text.
// The database's businesses_website_http_only constraint (migration 20261123000200) holds the
// same pattern, so a javascript:, data: or protocol-relative link cannot be stored by any path.

/** Longest website accepted (businesses.website). */
export const WEBSITE_MAX = 255;

/**
 * http:// or https:// (any case), then a host with no user part ("https://bank.example@evil"),
 * then an optional path, query or fragment; no whitespace, control characters, backslashes or
 * HTML's quote and angle brackets anywhere. Linear: the host's characters exclude the ones that
 * may start what follows it.
 */
export const WEBSITE_PATTERN = /^https?:\/\/[^\s\p{Cc}/?#\\<>"@]+(?:[/?#][^\s\p{Cc}\\<>"]*)?$/iu;

export const WEBSITE_MESSAGE = 'Please enter a valid website address starting with http:// or https://';
