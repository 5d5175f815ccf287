-- CR 100.6a: in a pod event a player calls a judge to their pod; a call names its match or its pod.
-- AlterTable
ALTER TABLE "JudgeCall" ADD COLUMN     "podId" TEXT,
ALTER COLUMN "matchId" DROP NOT NULL;

-- Exactly one of the two: a call is always to one table.
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_match_or_pod" CHECK (("matchId" IS NULL) <> ("podId" IS NULL));

-- CreateIndex
CREATE INDEX "JudgeCall_podId_idx" ON "JudgeCall"("podId");

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
