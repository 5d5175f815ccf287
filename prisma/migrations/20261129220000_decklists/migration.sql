-- Decklists (MTR 2.7): the event's decklist settings, each player's list with its history, and the
-- confirmed step that drops players without a legal list before round 1 (MTR 2.10).
-- CreateEnum
CREATE TYPE "DecklistPublication" AS ENUM ('NONE', 'ALL', 'TOP_CUT');

-- CreateEnum
CREATE TYPE "DecklistSource" AS ENUM ('PLAYER', 'STAFF');

-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "deckFormat" TEXT,
ADD COLUMN     "decklistDeadline" TIMESTAMP(3),
ADD COLUMN     "decklistPublication" "DecklistPublication" NOT NULL DEFAULT 'NONE';

-- CreateTable
CREATE TABLE "Decklist" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "registrationId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "entries" JSONB NOT NULL,
    "problems" JSONB NOT NULL,
    "notes" JSONB NOT NULL,
    "isLegal" BOOLEAN NOT NULL,
    "format" TEXT NOT NULL,
    "checkedAgainst" TIMESTAMP(3) NOT NULL,
    "archetype" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Decklist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DecklistChange" (
    "id" TEXT NOT NULL,
    "decklistId" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "source" "DecklistSource" NOT NULL,
    "staffId" TEXT,
    "actorName" TEXT NOT NULL DEFAULT '',
    "reason" TEXT NOT NULL DEFAULT '',
    "textBefore" TEXT,
    "textAfter" TEXT NOT NULL,
    "entriesBefore" JSONB,
    "entriesAfter" JSONB NOT NULL,
    "archetypeAfter" TEXT NOT NULL DEFAULT '',
    "isLegalAfter" BOOLEAN NOT NULL,
    "problemsAfter" JSONB NOT NULL,
    "notesAfter" JSONB NOT NULL,
    "formatAfter" TEXT NOT NULL,
    "checkedAgainst" TIMESTAMP(3) NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DecklistChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DecklistDrop" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "staffId" TEXT,
    "actorName" TEXT NOT NULL DEFAULT '',
    "dropped" JSONB NOT NULL,
    "skipped" JSONB NOT NULL,
    "promoted" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DecklistDrop_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Decklist_registrationId_key" ON "Decklist"("registrationId");

-- CreateIndex
CREATE INDEX "Decklist_tournamentId_idx" ON "Decklist"("tournamentId");

-- CreateIndex
CREATE INDEX "DecklistChange_tournamentId_idx" ON "DecklistChange"("tournamentId");

-- CreateIndex
CREATE UNIQUE INDEX "DecklistChange_decklistId_idempotencyKey_key" ON "DecklistChange"("decklistId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "DecklistChange_decklistId_version_key" ON "DecklistChange"("decklistId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "DecklistDrop_tournamentId_idempotencyKey_key" ON "DecklistDrop"("tournamentId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "Decklist" ADD CONSTRAINT "Decklist_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decklist" ADD CONSTRAINT "Decklist_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DecklistChange" ADD CONSTRAINT "DecklistChange_decklistId_fkey" FOREIGN KEY ("decklistId") REFERENCES "Decklist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DecklistChange" ADD CONSTRAINT "DecklistChange_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DecklistChange" ADD CONSTRAINT "DecklistChange_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DecklistDrop" ADD CONSTRAINT "DecklistDrop_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DecklistDrop" ADD CONSTRAINT "DecklistDrop_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- A submitted or changed list, its history and a drop step change the staff overview on every open page.
SELECT live_watch('Decklist', 'tournamentId');
SELECT live_watch('DecklistChange', 'tournamentId');
SELECT live_watch('DecklistDrop', 'tournamentId');
