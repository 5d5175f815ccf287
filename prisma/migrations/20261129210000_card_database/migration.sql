-- The card database: Scryfall's oracle cards, one import at a time. Not tournament-scoped, so not live_watch'ed.
-- CreateEnum
CREATE TYPE "CardImportStatus" AS ENUM ('RUNNING', 'DONE', 'FAILED');

-- CreateTable
CREATE TABLE "CardImport" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileDate" TIMESTAMP(3) NOT NULL,
    "dateSource" TEXT NOT NULL,
    "status" "CardImportStatus" NOT NULL DEFAULT 'RUNNING',
    "running" BOOLEAN DEFAULT true,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "cardCount" INTEGER NOT NULL DEFAULT 0,
    "errorCode" TEXT,
    "error" TEXT,

    CONSTRAINT "CardImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Card" (
    "importId" TEXT NOT NULL,
    "oracleId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "frontKey" TEXT NOT NULL,
    "faceNames" TEXT[],
    "typeLine" TEXT NOT NULL,
    "oracleText" TEXT NOT NULL,
    "colorIdentity" TEXT[],
    "keywords" TEXT[],
    "legalities" JSONB NOT NULL,
    "layout" TEXT NOT NULL,

    CONSTRAINT "Card_pkey" PRIMARY KEY ("importId","oracleId")
);

-- CreateIndex
CREATE UNIQUE INDEX "CardImport_running_key" ON "CardImport"("running");

-- CreateIndex
CREATE INDEX "CardImport_status_finishedAt_idx" ON "CardImport"("status", "finishedAt");

-- CreateIndex
CREATE INDEX "Card_importId_nameKey_idx" ON "Card"("importId", "nameKey");

-- CreateIndex
CREATE INDEX "Card_importId_frontKey_idx" ON "Card"("importId", "frontKey");

-- AddForeignKey
ALTER TABLE "Card" ADD CONSTRAINT "Card_importId_fkey" FOREIGN KEY ("importId") REFERENCES "CardImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Only a running import holds the one "running" slot.
ALTER TABLE "CardImport" ADD CONSTRAINT "CardImport_running_only_while_running" CHECK (("status" = 'RUNNING' AND "running") OR ("status" <> 'RUNNING' AND "running" IS NULL));
