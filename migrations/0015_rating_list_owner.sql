-- Issue 29, item 6: the rating list is the site's, uploaded by its
-- administrators, and a federation's new list replaces its old one, which
-- is deleted rather than kept whole (three uploads of 20 MB each stayed).
-- `kind` is the federation ('EGD', 'FFG'); a list stored before it was
-- recorded has none and is replaced by the next upload of either kind.
alter table rating_list add column kind text;
alter table rating_list add constraint rating_list_kind_check check (kind in ('EGD', 'FFG'));

-- Only the newest list was ever read; the older uploads go now.
delete from rating_list
where rating_list_id < (select max(rating_list_id) from rating_list);
