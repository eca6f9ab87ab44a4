-- The officials the rule texts name beside the referees (Ukrainian rules
-- V.3–V.7; EGF GTR "Officials"): the chief referee (and the deputies the
-- chief referee delegates to, who hold the same role), the chief secretary
-- and the doctor.
alter type staff_role add value if not exists 'chief_referee';
alter type staff_role add value if not exists 'secretary';
alter type staff_role add value if not exists 'doctor';
