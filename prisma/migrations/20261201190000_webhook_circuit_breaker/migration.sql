-- A webhook destination that keeps timing out is treated as slow (a circuit
-- breaker): the attempts in a row without an answer, since when the circuit
-- is open (short timeout, one delivery at a time) and when its next
-- full-timeout probe is due.
-- AlterTable
ALTER TABLE "WebhookSubscription" ADD COLUMN     "circuitOpenSince" TIMESTAMP(3),
ADD COLUMN     "circuitProbeAt" TIMESTAMP(3),
ADD COLUMN     "timeoutStreak" INTEGER NOT NULL DEFAULT 0;
