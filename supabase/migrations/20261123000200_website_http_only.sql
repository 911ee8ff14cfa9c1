-- ===========================================================================
-- A business's website is linked from its public profile, so it may only be an
-- http(s) address of a host: never javascript:, data:, vbscript: or a
-- protocol-relative //host. The same pattern as ZWebsite's
-- (src/domain/website.ts: WEBSITE_PATTERN), at most 255 characters, so no
-- write path (a form, an admin tool, a script) can store another kind of link.
-- Existing rows (the demo data's https://www.<name>.example) pass it.
-- ===========================================================================

alter table businesses add constraint businesses_website_http_only check (
  website is null or (
    length(website) <= 255 and
    website ~* '^https?://[^[:space:][:cntrl:]/?#\\<>"@]+([/?#][^[:space:][:cntrl:]\\<>"]*)?$'
  )
);
