-- 长辈版 (large text) per employee: null until offered once, then on or off on every phone.
ALTER TABLE "employees" ADD COLUMN "large_text" boolean;