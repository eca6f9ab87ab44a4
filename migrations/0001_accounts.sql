-- Accounts, sessions, API tokens, tournaments with their staff, and the audit log.
-- Constraint names are explicit: the web layer maps them to form errors.

-- Keeps updated_at honest without every query having to remember it.
create or replace function set_updated_at() returns trigger as $$
begin
    new.updated_at := now();
    return new;
end;
$$ language plpgsql;

-- Site-wide roles only; per-tournament roles live in tournament_staff.
create table account (
    account_id    uuid primary key,
    username      text not null,
    display_name  text not null,
    password_hash text not null,           -- argon2id, PHC string
    is_admin      boolean not null default false,
    is_organiser  boolean not null default false,
    language      text,                    -- preferred UI language, null = follow the browser
    created_at    timestamptz not null default now(),
    updated_at    timestamptz not null default now(),
    constraint account_username_key unique (username),
    constraint account_username_check check (username ~ '^[a-z0-9][a-z0-9._-]{1,39}$')
);
create trigger account_updated_at before update on account
    for each row execute function set_updated_at();

-- Server-side sessions. Only a SHA-256 of the cookie value is stored, so a
-- leaked database cannot be replayed as cookies.
create table session (
    token_hash   bytea primary key,
    account_id   uuid not null references account on delete cascade,
    created_at   timestamptz not null default now(),
    expires_at   timestamptz not null
);
create index session_account_id_idx on session (account_id);

-- Bearer tokens for /api/v1; hashed like sessions, shown once at creation.
create table api_token (
    api_token_id uuid primary key,
    account_id   uuid not null references account on delete cascade,
    label        text not null,
    token_hash   bytea not null,
    created_at   timestamptz not null default now(),
    last_used_at timestamptz,
    constraint api_token_token_hash_key unique (token_hash)
);
create index api_token_account_id_idx on api_token (account_id);

create table tournament (
    tournament_id uuid primary key,
    short_name    text not null,           -- used in public URLs: /t/{short_name}
    name          text not null,
    time_zone     text not null default 'UTC',
    owner_id      uuid not null references account,
    version       integer not null default 0,  -- echoed by forms; a stale edit is refused
    created_at    timestamptz not null default now(),
    updated_at    timestamptz not null default now(),
    constraint tournament_short_name_key unique (short_name),
    constraint tournament_short_name_check check (short_name ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$')
);
create trigger tournament_updated_at before update on tournament
    for each row execute function set_updated_at();

-- Per-tournament roles. The owner is not listed here: owning implies every role.
create type staff_role as enum ('co_organiser', 'referee', 'appeals_member');
create table tournament_staff (
    tournament_id uuid not null references tournament on delete cascade,
    account_id    uuid not null references account on delete cascade,
    role          staff_role not null,
    created_at    timestamptz not null default now(),
    constraint tournament_staff_pkey primary key (tournament_id, account_id, role)
);

-- Append-only: the application role never updates or deletes rows here, and
-- the trigger makes that a database guarantee rather than a convention.
create table audit_log (
    audit_log_id  bigint generated always as identity primary key,
    tournament_id uuid references tournament on delete cascade,
    account_id    uuid references account on delete set null,
    at            timestamptz not null default now(),
    action        text not null,
    before        jsonb,
    after         jsonb
);
create index audit_log_tournament_id_idx on audit_log (tournament_id, audit_log_id);
create function audit_log_is_append_only() returns trigger as $$
begin
    raise exception 'audit_log is append-only';
end;
$$ language plpgsql;
create trigger audit_log_append_only before update on audit_log
    for each row execute function audit_log_is_append_only();
