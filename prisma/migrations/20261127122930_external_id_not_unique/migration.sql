-- DropIndex
DROP INDEX "Player_externalId_key";

-- CreateIndex
CREATE INDEX "Player_externalId_idx" ON "Player"("externalId");
