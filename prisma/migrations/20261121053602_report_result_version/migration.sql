-- AlterTable
ALTER TABLE "MatchReport" ADD COLUMN     "resultVersion" INTEGER NOT NULL DEFAULT 0;
