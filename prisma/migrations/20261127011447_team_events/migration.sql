-- Team events (MTR 8.2): the team format, each member's seat and code, and a team match's seat matches.
-- DropIndex
DROP INDEX "Match_roundId_tableNumber_voidSequence_key";

-- CreateEnum
CREATE TYPE "TeamFormat" AS ENUM ('INDIVIDUAL', 'TWO_HEADED_GIANT', 'TEAM_MATCHES');

-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "teamFormat" "TeamFormat" NOT NULL DEFAULT 'INDIVIDUAL';

-- Existing team events: three additional turns meant Two-Headed Giant (MTR 2.4); any other team size plays seat matches.
UPDATE "Tournament" AS t SET "teamFormat" = CASE
  WHEN EXISTS (SELECT 1 FROM "Phase" AS p WHERE p."tournamentId" = t.id AND p."additionalTurns" = 3) THEN 'TWO_HEADED_GIANT'::"TeamFormat"
  ELSE 'TEAM_MATCHES'::"TeamFormat" END
WHERE t."teamSize" > 1;

-- AlterTable
ALTER TABLE "TeamMember" ADD COLUMN     "code" TEXT;

-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "seat" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "PlayerSession" ADD COLUMN     "seat" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "TeamMember_code_key" ON "TeamMember"("code");

-- CreateIndex
CREATE UNIQUE INDEX "Match_roundId_tableNumber_seat_voidSequence_key" ON "Match"("roundId", "tableNumber", "seat", "voidSequence");
