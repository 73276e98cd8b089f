-- DropIndex
DROP INDEX "Task_projectId_updatedAt_idx";

-- CreateIndex
CREATE INDEX "Task_projectId_status_updatedAt_id_idx" ON "Task"("projectId", "status", "updatedAt", "id");
