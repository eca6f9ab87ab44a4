-- The audit log was protected against UPDATE only: a DELETE or TRUNCATE
-- could still rewrite history. A row now leaves only with its tournament
-- (the foreign key's cascade, which runs once the tournament row is gone).
create function audit_log_delete_with_tournament_only() returns trigger as $$
begin
    if old.tournament_id is not null
       and not exists (select 1 from tournament where tournament_id = old.tournament_id) then
        return old;
    end if;
    raise exception 'audit_log is append-only';
end;
$$ language plpgsql;
create trigger audit_log_no_delete before delete on audit_log
    for each row execute function audit_log_delete_with_tournament_only();
create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_is_append_only();
