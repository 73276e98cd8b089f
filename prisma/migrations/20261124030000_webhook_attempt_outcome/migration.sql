-- A webhook attempt is logged when its request is about to be sent, with the
-- outcome `unknown`, and completed when the answer (or the failure) is
-- recorded: an attempt in flight at a crash stays in the log as `unknown`.
CREATE TYPE "AttemptOutcome" AS ENUM ('unknown', 'succeeded', 'failed');

ALTER TABLE "WebhookAttempt" ADD COLUMN "outcome" "AttemptOutcome" NOT NULL DEFAULT 'unknown';
ALTER TABLE "WebhookAttempt" ALTER COLUMN "durationMs" DROP NOT NULL;

-- Attempts logged so far were all recorded after their answer.
UPDATE "WebhookAttempt"
SET "outcome" = CASE WHEN "statusCode" BETWEEN 200 AND 299 THEN 'succeeded'::"AttemptOutcome" ELSE 'failed'::"AttemptOutcome" END;
