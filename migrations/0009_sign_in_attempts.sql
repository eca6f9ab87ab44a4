-- Sign-in attempts per account and per address, kept in the database so a
-- restart forgets nothing and every instance behind one database counts
-- the same attempts. An attempt is counted before its password is checked.
create table sign_in_attempt (
    key          text primary key,
    attempts     integer not null,
    next_allowed timestamptz not null,
    last_at      timestamptz not null
);
