-- A tournament's document in parts (core::tournament::parts): the settings,
-- the next registration number and every list in chunks of 64 items, so a
-- write stores what it changed instead of the whole document (issue 27).
-- The chunks are cut at 64 here as core::tournament::CHUNK cuts them.
create table tournament_part (
    tournament_id uuid not null references tournament (tournament_id) on delete cascade,
    part text not null,
    chunk int not null,
    body jsonb not null,
    primary key (tournament_id, part, chunk)
);

insert into tournament_part (tournament_id, part, chunk, body)
select tournament_id, 'settings', 0, state -> 'settings'
from tournament where state ? 'settings';

insert into tournament_part (tournament_id, part, chunk, body)
select tournament_id, 'next_player', 0, state -> 'next_player'
from tournament where state ? 'next_player';

insert into tournament_part (tournament_id, part, chunk, body)
select t.tournament_id, l.part, ((e.i - 1) / 64)::int, jsonb_agg(e.v order by e.i)
from tournament t
cross join (values ('players'), ('games'), ('byes'), ('teams'), ('clubs_groups'), ('play_offs')) as l(part)
cross join lateral jsonb_array_elements(
    case when jsonb_typeof(t.state -> l.part) = 'array' then t.state -> l.part else '[]'::jsonb end
) with ordinality as e(v, i)
group by t.tournament_id, l.part, ((e.i - 1) / 64)::int;

alter table tournament drop column state;
