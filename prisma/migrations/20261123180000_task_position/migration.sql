-- Task order within its section (drag and drop on the board): a
-- fractional-indexing key compared byte by byte, hence the C collation as for
-- the section ranking. It stays null until a task is placed by hand.
-- The (sectionId, position) index replaces the sectionId index it starts with.
DROP INDEX "Task_sectionId_idx";

ALTER TABLE "Task" ADD COLUMN "position" TEXT COLLATE "C";

CREATE INDEX "Task_sectionId_position_idx" ON "Task"("sectionId", "position");
