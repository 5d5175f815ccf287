-- AlterTable
ALTER TABLE "Registration" ADD COLUMN     "missedRoundsAsLosses" BOOLEAN NOT NULL DEFAULT true;
