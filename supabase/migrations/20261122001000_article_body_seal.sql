-- ===========================================================================
-- Article bodies are rendered and sanitised (TRUSTED profile) when an article is
-- written, not on every build: body_html holds the result and body_seal a SHA-256
-- over the rendering version, the content (jsonb's canonical text) and that HTML.
-- The build shows a stored body only while its seal matches; content changed by
-- any other path (a SQL console, an older app) or a body edited by hand breaks the
-- seal, and the build then sanitises that article itself. The seal tells current
-- from stale; it is not a signature (see src/server/site/article-body-seal.ts).
-- The updated_at trigger (migration 0700) lists its columns: sealing an article
-- does not change its dateModified.
-- ===========================================================================

alter table articles add column body_html text, add column body_seal text;

create function article_body_seal(version text, content jsonb, html text) returns text
  language sql stable parallel safe
  return encode(sha256(convert_to(version || E'\n' || content::text || E'\n' || html, 'UTF8')), 'hex');
