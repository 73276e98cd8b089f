-- An Idempotency-Key record is now written with its answer, in the same
-- transaction as the request's work, and a request in flight holds an
-- advisory lock instead of a row (src/domain/idempotency.ts). Rows without
-- an answer are claims of the old scheme: the request either never finished
-- or its process died before storing the answer, so there is nothing to
-- replay (retries then run again, as they did after the old 5-minute wait).

DELETE FROM "IdempotencyRecord" WHERE "responseCode" IS NULL OR "responseBody" IS NULL;

-- AlterTable
ALTER TABLE "IdempotencyRecord" ALTER COLUMN "responseCode" SET NOT NULL,
ALTER COLUMN "responseBody" SET NOT NULL;
