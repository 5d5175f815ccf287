-- AlterEnum
ALTER TYPE "ResultChangeKind" ADD VALUE 'GAME_RECORDED';

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Game_idempotencyKey_key" ON "Game"("idempotencyKey");
