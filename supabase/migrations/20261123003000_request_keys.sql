-- Request keys (issue 16): a form sent again after the network dropped carries the same
-- Idempotency-Key as its first try, so a request the server already carried out is answered from
-- here instead of being carried out twice. Kept a day (purged with the other expired rows).
create table request_keys (
  owner         text not null,
  key           text not null,
  method        text not null,
  path          text not null,
  -- sha256 of the parsed body: the same key with another body is refused, not replayed.
  body_hash     text not null,
  -- Null while the first request runs; its answer once it succeeded.
  status        smallint,
  response_type text,
  response_body text,
  created_at    timestamptz not null default now(),
  completed_at  timestamptz,
  primary key (owner, key),
  constraint request_keys_key_length check (char_length(key) between 16 and 100),
  constraint request_keys_owner_length check (char_length(owner) <= 100),
  constraint request_keys_path_length check (char_length(path) <= 500),
  constraint request_keys_response_length check (response_body is null or octet_length(response_body) <= 65536)
);
create index request_keys_created_idx on request_keys (created_at);
alter table request_keys enable row level security;
