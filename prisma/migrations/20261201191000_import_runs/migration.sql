-- The id of an import (given, or the SHA-256 of its file) with what it wrote:
-- a retry of the same import answers this summary and writes nothing again.
-- CreateTable
CREATE TABLE "ImportRun" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "teamId" INTEGER,
    "summary" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportRun_pkey" PRIMARY KEY ("id")
);

-- AddForeignKey
ALTER TABLE "ImportRun" ADD CONSTRAINT "ImportRun_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE SET NULL ON UPDATE CASCADE;
