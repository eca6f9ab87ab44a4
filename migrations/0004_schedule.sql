-- The programme players read on the tournament page (round times, prize
-- giving), as the organiser writes it: one line per item.
alter table tournament add column schedule text not null default '';
