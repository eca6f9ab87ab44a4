-- The tournament aggregate (core::Tournament: settings, players, games, byes,
-- teams) is stored as one document, loaded and saved whole under the row
-- lock: every rule runs in the pure core, and one action is one transaction.
-- name and short_name stay as columns, copied from the document on every
-- save, because URLs and the unique constraint need them.
alter table tournament
    add column state jsonb,
    add column registration_open boolean not null default false,
    add column is_public boolean not null default true,
    -- RFG code 16.7 and EGF GTR: a player absent this long after the start loses by default.
    add column late_forfeit_minutes integer not null default 60
        constraint tournament_late_forfeit_minutes_check check (late_forfeit_minutes between 0 and 600);

-- What players may see of a round: nothing until it is published; results
-- of a locked round change only by correction or appeal (issue 6).
create table round_state (
    tournament_id uuid not null references tournament on delete cascade,
    round_no      integer not null constraint round_state_round_no_check check (round_no between 1 and 32),
    published_at  timestamptz,
    locked_at     timestamptz,
    constraint round_state_pkey primary key (tournament_id, round_no)
);

-- Contact of a self-registered player: organisers see it, the public never.
create table player_contact (
    tournament_id uuid not null references tournament on delete cascade,
    player_no     integer not null,
    email         text not null,
    created_at    timestamptz not null default now(),
    constraint player_contact_pkey primary key (tournament_id, player_no)
);
