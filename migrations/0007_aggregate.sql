-- One aggregate per tournament (core::command::State): the document, the
-- discipline book, the round marks and the scopes of the latest changes are
-- read and written together under the row lock. round_state stays as an
-- index for queries, rewritten from `rounds` in the same transaction.
alter table tournament add column rounds jsonb not null default '{}'::jsonb;
alter table tournament add column changes jsonb not null default '[]'::jsonb;

update tournament t set rounds = coalesce((
    select jsonb_object_agg(rs.round_no::text, jsonb_build_object(
        'published', extract(epoch from rs.published_at)::bigint,
        'locked', extract(epoch from rs.locked_at)::bigint))
    from round_state rs where rs.tournament_id = t.tournament_id), '{}'::jsonb);
