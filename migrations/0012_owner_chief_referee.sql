-- Sanctions are a referee's act (EGF GTR "Sanctions"): the organiser who
-- created a tournament is its chief referee until they name another, so a
-- one-person tournament runs as before.
insert into tournament_staff (tournament_id, account_id, role)
select tournament_id, owner_id, 'chief_referee' from tournament
on conflict do nothing;
