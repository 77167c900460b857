-- Trigram indexes find "nguyen" anywhere in a name, phone or e-mail (PGlite loads the extension
-- from its contrib bundle, see db/client.ts). A trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Names sort the Vietnamese way ("Căng thẳng" before "Chương trình"), not by code point. Where ICU
-- has no Vietnamese data (PGlite) this falls back to ICU's root order, which still sorts so.
CREATE COLLATION IF NOT EXISTS vietnamese (provider = icu, locale = 'vi-VN');
