-- Live subscriptions read the outbox in commit order: "position" is stamped
-- after commit by one writer at a time (src/events/sequencer.ts), because
-- the "id" sequence is taken at insert and a transaction that commits later
-- may hold a smaller id. Board events (sections, labels, comments, members)
-- have no task: "taskId" and "ticketNumber" become optional. A task moved to
-- another board names the board it left in "fromProjectId".
-- No semicolon inside a statement or a comment: the schema engine of
-- `npm run db:diff` splits scripts at each one.

-- DropIndex
DROP INDEX "OutboxEvent_processedAt_id_idx";

-- DropIndex
DROP INDEX "OutboxEvent_projectId_id_idx";

-- AlterTable
ALTER TABLE "OutboxEvent" ADD COLUMN     "fromProjectId" INTEGER,
ADD COLUMN     "position" BIGINT,
ALTER COLUMN "taskId" DROP NOT NULL,
ALTER COLUMN "ticketNumber" DROP NOT NULL;

-- CreateTable
CREATE TABLE "OutboxSequence" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "lastPosition" BIGINT NOT NULL DEFAULT 0,
    "horizon" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "OutboxSequence_pkey" PRIMARY KEY ("id")
);

-- Every existing row is committed: its id is a sound position.
UPDATE "OutboxEvent" SET "position" = "id";

INSERT INTO "OutboxSequence" ("id", "lastPosition", "horizon")
SELECT 1, COALESCE(max("id"), 0), 0 FROM "OutboxEvent";

-- CreateIndex
CREATE UNIQUE INDEX "OutboxEvent_position_key" ON "OutboxEvent"("position");

-- CreateIndex
CREATE INDEX "OutboxEvent_processedAt_position_idx" ON "OutboxEvent"("processedAt", "position");

-- CreateIndex
CREATE INDEX "OutboxEvent_projectId_position_idx" ON "OutboxEvent"("projectId", "position");

-- CreateIndex
CREATE INDEX "OutboxEvent_fromProjectId_position_idx" ON "OutboxEvent"("fromProjectId", "position");

-- Retention deletes events with no deliveries, and cascades deliveries: both look them up by event.
-- CreateIndex
CREATE INDEX "WebhookDelivery_eventId_idx" ON "WebhookDelivery"("eventId");
