-- Staff take back the last recorded game of a match (recorded in error). The game is kept, never
-- deleted: it is marked removed and moved out of the way of the game recorded in its place.
ALTER TYPE "ResultChangeKind" ADD VALUE 'GAME_REMOVED';

ALTER TABLE "Game" ADD COLUMN "removedAt" TIMESTAMP(3),
ADD COLUMN "removalSequence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "removalKey" TEXT;

DROP INDEX "Game_matchId_number_key";
CREATE UNIQUE INDEX "Game_matchId_number_removalSequence_key" ON "Game"("matchId", "number", "removalSequence");
CREATE UNIQUE INDEX "Game_removalKey_key" ON "Game"("removalKey");
