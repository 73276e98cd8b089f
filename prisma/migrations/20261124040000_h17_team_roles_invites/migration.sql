-- Team roles: `owner` or `member`, nothing else.
-- Backfill: every team that has members but no owner gets one: its first
-- member: the earliest `createdAt`, ties broken by the lowest user id
-- (a team has no creator column; its founding members were all written at
-- once, so the tie-break picks the oldest account among them).
UPDATE "TeamMember" SET "role" = 'member' WHERE "role" NOT IN ('owner', 'member');
UPDATE "TeamMember" AS tm SET "role" = 'owner'
FROM (
    SELECT DISTINCT ON ("teamId") "teamId", "userId"
    FROM "TeamMember"
    ORDER BY "teamId", "createdAt", "userId"
) AS first
WHERE tm."teamId" = first."teamId" AND tm."userId" = first."userId"
  AND NOT EXISTS (SELECT 1 FROM "TeamMember" o WHERE o."teamId" = tm."teamId" AND o."role" = 'owner');
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_role_check" CHECK ("role" IN ('owner', 'member'));

-- CreateTable
CREATE TABLE "TeamInvite" (
    "id" SERIAL NOT NULL,
    "teamId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "tokenHash" TEXT NOT NULL,
    "invitedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "acceptedById" INTEGER,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "TeamInvite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TeamInvite_tokenHash_key" ON "TeamInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "TeamInvite_teamId_acceptedAt_revokedAt_idx" ON "TeamInvite"("teamId", "acceptedAt", "revokedAt");

-- AddForeignKey
ALTER TABLE "TeamInvite" ADD CONSTRAINT "TeamInvite_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamInvite" ADD CONSTRAINT "TeamInvite_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamInvite" ADD CONSTRAINT "TeamInvite_acceptedById_fkey" FOREIGN KEY ("acceptedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "TeamInvite" ADD CONSTRAINT "TeamInvite_role_check" CHECK ("role" IN ('owner', 'member'));
