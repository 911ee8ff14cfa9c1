-- A kept answer may be up to 256 KiB (src/server/platform/security/request-keys.ts MAX_KEPT_BYTES):
-- the portfolio's full list after an added job can reach about 165 KB, and a resend past the old
-- 64 KiB was carried out again (the job added twice).
alter table request_keys drop constraint request_keys_response_length;
alter table request_keys
  add constraint request_keys_response_length
  check (response_body is null or octet_length(response_body) <= 262144);
