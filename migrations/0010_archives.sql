-- A tournament moved from another server keeps its audit log: the entries
-- keep their moments, and the name of whoever acted when no account of
-- this server is theirs.
alter table audit_log add column actor_name text;

-- A snapshot of the tournament as each round was published, for its
-- organiser to restore (core::formats::archive, without the audit log).
create table tournament_snapshot (
    snapshot_id   bigint generated always as identity primary key,
    tournament_id uuid not null references tournament on delete cascade,
    round_no      integer not null,
    taken_at      timestamptz not null default now(),
    archive       jsonb not null
);
create index tournament_snapshot_tournament_idx on tournament_snapshot (tournament_id, snapshot_id);
