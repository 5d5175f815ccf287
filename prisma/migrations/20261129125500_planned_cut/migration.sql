-- The top cut an organizer plans, so players can see what record makes it (MTR 3.1).
-- AlterTable
ALTER TABLE "Phase" ADD COLUMN     "plannedCut" INTEGER;
