-- Issue 16: the customer directory's search is a trigram GIN index (pg_trgm), which must exist
-- before the schema migration that creates the index. pg_trgm is a trusted extension (PostgreSQL
-- 13+), so the database owner may create it; PGlite loads it from @electric-sql/pglite/contrib.
create extension if not exists pg_trgm;
