-- A webhook subscription records why and when it was disabled, as a code
-- beside the existing text; `creator_lost_access` is new: its creator no
-- longer sees its board or team.
-- CreateEnum
CREATE TYPE "WebhookDisabledCause" AS ENUM ('gone', 'failing', 'manual', 'creator_lost_access');

-- AlterTable
ALTER TABLE "WebhookSubscription" ADD COLUMN     "disabledAt" TIMESTAMP(3),
ADD COLUMN     "disabledCause" "WebhookDisabledCause";

-- Subscriptions disabled before: their cause from the text the service wrote, their time from the last change.
UPDATE "WebhookSubscription"
SET "disabledAt" = "updatedAt",
    "disabledCause" = CASE
      WHEN "disabledReason" LIKE 'The endpoint answered 410%' THEN 'gone'::"WebhookDisabledCause"
      WHEN "disabledReason" LIKE 'Deliveries have failed%' THEN 'failing'::"WebhookDisabledCause"
      ELSE 'manual'::"WebhookDisabledCause" END
WHERE NOT active;
