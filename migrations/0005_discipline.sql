-- The discipline book (core::discipline::Book: the rule text's settings, the
-- incident log, appeals and the appeals committee) is one document beside the
-- tournament's, saved under the same row lock: a referee's act, the version
-- bump and the audit entry are one transaction.
alter table tournament add column discipline jsonb;

-- A player's private link: whoever holds it may file appeals for that player
-- and follow them. Only the hash of the token is stored; issuing a new link
-- replaces the old one.
create table player_link (
    tournament_id uuid not null references tournament on delete cascade,
    player_no     integer not null,
    token_hash    bytea not null,
    created_at    timestamptz not null default now(),
    constraint player_link_pkey primary key (tournament_id, player_no),
    constraint player_link_token_hash_key unique (token_hash)
);
