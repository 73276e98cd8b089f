-- Section order is by "ranking", a fractional-indexing key compared byte by
-- byte (digits < upper case < lower case). Under a linguistic collation such
-- as en_US.UTF-8 'a0' and 'Zz' would sort the other way, so the column is
-- compared with the C collation whatever the database default is.
ALTER TABLE "Section" ALTER COLUMN "ranking" TYPE TEXT COLLATE "C";
