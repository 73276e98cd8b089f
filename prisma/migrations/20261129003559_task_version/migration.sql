-- Lost-update protection: every change of a task moves its version by one;
-- an update names the version it edits and is refused when it is stale.
ALTER TABLE "Task" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "updatedById" INTEGER;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "Task_updatedById_idx" ON "Task"("updatedById");
