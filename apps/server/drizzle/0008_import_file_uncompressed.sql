-- An uploaded sheet (.xlsx is a zip, .xls mostly packed too) does not compress: PostgreSQL's pglz tried on every
-- upload and gave up, a tenth of a second of an 11 MB file. Stored as it is.
ALTER TABLE "import_jobs" ALTER COLUMN "file_bytes" SET STORAGE EXTERNAL;
