-- CreateEnum
CREATE TYPE "TournamentStatus" AS ENUM ('REGISTRATION', 'RUNNING', 'COMPLETE');

-- CreateEnum
CREATE TYPE "PhaseKind" AS ENUM ('SWISS', 'SINGLE_ELIMINATION');

-- CreateEnum
CREATE TYPE "RoundStatus" AS ENUM ('PAIRED', 'IN_PROGRESS', 'COMPLETE');

-- CreateEnum
CREATE TYPE "Side" AS ENUM ('A', 'B');

-- CreateEnum
CREATE TYPE "ChooserMethod" AS ENUM ('RANDOM', 'HIGHER_SEED');

-- CreateEnum
CREATE TYPE "PlayOrDraw" AS ENUM ('PLAY', 'DRAW');

-- CreateEnum
CREATE TYPE "GameEndReason" AS ENUM ('LIFE', 'EMPTY_LIBRARY', 'POISON', 'COMMANDER_DAMAGE', 'CONCESSION', 'CARD_EFFECT_LOSS', 'CARD_EFFECT_WIN', 'JUDGE_GAME_LOSS', 'LIFE_TOTAL_AT_TIME', 'DRAW_SIMULTANEOUS_LOSS', 'DRAW_LOOP', 'DRAW_CARD_EFFECT', 'DRAW_INTENTIONAL', 'DRAW_UNFINISHED_AT_TIME');

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('ORGANIZER', 'HEAD_JUDGE', 'JUDGE', 'SCOREKEEPER');

-- CreateEnum
CREATE TYPE "ResultSource" AS ENUM ('PLAYER', 'STAFF', 'SYSTEM');

-- CreateEnum
CREATE TYPE "ResultChangeKind" AS ENUM ('REPORTED', 'CONFIRMED', 'DISPUTED', 'CORRECTED', 'CLEARED');

-- CreateEnum
CREATE TYPE "EndOfMatchEventKind" AS ENUM ('TIME_CALLED', 'TURN_ENDED', 'EXTRA_TURN', 'PENALTY_TURNS', 'LIFE_TOTALS', 'GAME_ENDED');

-- CreateEnum
CREATE TYPE "PenaltyKind" AS ENUM ('WARNING', 'GAME_LOSS', 'MATCH_LOSS', 'DISQUALIFICATION');

-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT '',
    "status" "TournamentStatus" NOT NULL DEFAULT 'REGISTRATION',
    "teamSize" INTEGER NOT NULL DEFAULT 1,
    "percentageFloor" DOUBLE PRECISION NOT NULL DEFAULT 0.33,
    "byeCountsInOwnPercentages" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Phase" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "kind" "PhaseKind" NOT NULL,
    "gamesToWin" INTEGER NOT NULL DEFAULT 2,
    "roundMinutes" INTEGER DEFAULT 50,
    "additionalTurns" INTEGER NOT NULL DEFAULT 5,
    "plannedRounds" INTEGER,
    "cutSize" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Phase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Player" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "externalId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Registration" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "firstRound" INTEGER NOT NULL DEFAULT 1,
    "droppedAfterRound" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Registration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TeamMember" (
    "registrationId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,

    CONSTRAINT "TeamMember_pkey" PRIMARY KEY ("registrationId", "seat")
);

-- CreateTable
CREATE TABLE "StaffMember" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "StaffRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Round" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "phaseId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "RoundStatus" NOT NULL DEFAULT 'PAIRED',
    "pairingSeed" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "tableNumber" INTEGER NOT NULL,
    "sideAId" TEXT NOT NULL,
    "sideBId" TEXT,
    "bracketSlot" INTEGER,
    "game1Chooser" "Side",
    "chooserMethod" "ChooserMethod",
    "winsA" INTEGER,
    "winsB" INTEGER,
    "draws" INTEGER,
    "concededBy" "Side",
    "intentionalDraw" BOOLEAN NOT NULL DEFAULT false,
    "confirmedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "chooser" "Side" NOT NULL,
    "choice" "PlayOrDraw" NOT NULL DEFAULT 'PLAY',
    "winner" "Side",
    "reason" "GameEndReason" NOT NULL,
    "lifeA" INTEGER,
    "lifeB" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MatchReport" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "source" "ResultSource" NOT NULL,
    "reportedById" TEXT,
    "staffId" TEXT,
    "winsA" INTEGER NOT NULL,
    "winsB" INTEGER NOT NULL,
    "draws" INTEGER NOT NULL,
    "concededBy" "Side",
    "intentionalDraw" BOOLEAN NOT NULL DEFAULT false,
    "confirmedById" TEXT,
    "confirmedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResultChange" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "kind" "ResultChangeKind" NOT NULL,
    "source" "ResultSource" NOT NULL,
    "staffId" TEXT,
    "actorName" TEXT NOT NULL DEFAULT '',
    "before" JSONB,
    "after" JSONB,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ResultChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TimeExtension" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "minutes" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "staffId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TimeExtension_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EndOfMatchEvent" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "kind" "EndOfMatchEventKind" NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "staffId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EndOfMatchEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Penalty" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "registrationId" TEXT NOT NULL,
    "kind" "PenaltyKind" NOT NULL,
    "infraction" TEXT NOT NULL,
    "additionalTurns" INTEGER NOT NULL DEFAULT 0,
    "gameNumber" INTEGER,
    "staffId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Penalty_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Phase_tournamentId_sequence_key" ON "Phase"("tournamentId", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "Player_externalId_key" ON "Player"("externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Registration_tournamentId_playerId_key" ON "Registration"("tournamentId", "playerId");

-- CreateIndex
CREATE UNIQUE INDEX "Registration_tournamentId_nameKey_key" ON "Registration"("tournamentId", "nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "TeamMember_registrationId_playerId_key" ON "TeamMember"("registrationId", "playerId");

-- CreateIndex
CREATE UNIQUE INDEX "Round_tournamentId_number_key" ON "Round"("tournamentId", "number");

-- CreateIndex
CREATE INDEX "Round_phaseId_idx" ON "Round"("phaseId");

-- CreateIndex
CREATE UNIQUE INDEX "Match_roundId_tableNumber_key" ON "Match"("roundId", "tableNumber");

-- CreateIndex
CREATE INDEX "Match_sideAId_idx" ON "Match"("sideAId");

-- CreateIndex
CREATE INDEX "Match_sideBId_idx" ON "Match"("sideBId");

-- CreateIndex
CREATE UNIQUE INDEX "Game_matchId_number_key" ON "Game"("matchId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "MatchReport_idempotencyKey_key" ON "MatchReport"("idempotencyKey");

-- CreateIndex
CREATE INDEX "MatchReport_matchId_idx" ON "MatchReport"("matchId");

-- CreateIndex
CREATE UNIQUE INDEX "ResultChange_matchId_version_key" ON "ResultChange"("matchId", "version");

-- CreateIndex
CREATE INDEX "TimeExtension_matchId_idx" ON "TimeExtension"("matchId");

-- CreateIndex
CREATE UNIQUE INDEX "EndOfMatchEvent_matchId_sequence_key" ON "EndOfMatchEvent"("matchId", "sequence");

-- CreateIndex
CREATE INDEX "Penalty_matchId_idx" ON "Penalty"("matchId");

-- AddForeignKey
ALTER TABLE "Phase" ADD CONSTRAINT "Phase_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Registration" ADD CONSTRAINT "Registration_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Registration" ADD CONSTRAINT "Registration_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffMember" ADD CONSTRAINT "StaffMember_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_sideAId_fkey" FOREIGN KEY ("sideAId") REFERENCES "Registration"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_sideBId_fkey" FOREIGN KEY ("sideBId") REFERENCES "Registration"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchReport" ADD CONSTRAINT "MatchReport_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchReport" ADD CONSTRAINT "MatchReport_reportedById_fkey" FOREIGN KEY ("reportedById") REFERENCES "Registration"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchReport" ADD CONSTRAINT "MatchReport_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchReport" ADD CONSTRAINT "MatchReport_confirmedById_fkey" FOREIGN KEY ("confirmedById") REFERENCES "Registration"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResultChange" ADD CONSTRAINT "ResultChange_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResultChange" ADD CONSTRAINT "ResultChange_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimeExtension" ADD CONSTRAINT "TimeExtension_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimeExtension" ADD CONSTRAINT "TimeExtension_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EndOfMatchEvent" ADD CONSTRAINT "EndOfMatchEvent_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EndOfMatchEvent" ADD CONSTRAINT "EndOfMatchEvent_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Penalty" ADD CONSTRAINT "Penalty_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Penalty" ADD CONSTRAINT "Penalty_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Penalty" ADD CONSTRAINT "Penalty_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;
