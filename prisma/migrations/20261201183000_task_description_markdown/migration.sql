-- The description as written when it was markdown (the editor edits it);
-- existing rows keep NULL: their HTML is their source.
-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "descriptionMarkdown" TEXT;
