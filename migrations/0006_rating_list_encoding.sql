-- The encoding the organiser chose when uploading a rating list (a WHATWG
-- label such as 'windows-1251'); null when it was left to detection. The
-- file is kept as sent, so it must be read again the same way.
alter table rating_list add column encoding text;
