-- Addresses each account has signed in from. Failures are counted per
-- account and address, with a much higher ceiling per account; an address
-- that signed in to the account before is not held by that ceiling, so a
-- stranger guessing from elsewhere cannot lock the owner out.
create table sign_in_known (
    account_key text not null,
    address_key text not null,
    last_at     timestamptz not null,
    constraint sign_in_known_pkey primary key (account_key, address_key)
);
