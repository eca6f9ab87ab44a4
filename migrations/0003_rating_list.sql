-- Uploaded rating lists (EGD egf_db.txt, FFG ech_ffg_V3.txt). The newest
-- one feeds the search that fills in registrations; older ones stay so a
-- tournament can tell which list its ratings came from.
create table rating_list (
    rating_list_id bigint generated always as identity primary key,
    uploaded_by    uuid references account on delete set null,
    uploaded_at    timestamptz not null default now(),
    file_name      text not null,
    player_count   integer not null,
    content        bytea not null
);
