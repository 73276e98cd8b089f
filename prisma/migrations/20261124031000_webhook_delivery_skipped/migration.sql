-- An event committed while its subscription is disabled is logged as a
-- delivery with status `skipped` (never sent unless redelivered).
ALTER TYPE "DeliveryStatus" ADD VALUE 'skipped';
