-- Tournament supervisors (EGF GTR "Officials"): the EGF may assign them,
-- and they verify the final result list. The owner gives the role on the
-- staff page; the verification itself is kept in the discipline book
-- (`tournament.discipline`, field `closing`), which needs no column.
alter type staff_role add value if not exists 'supervisor';
