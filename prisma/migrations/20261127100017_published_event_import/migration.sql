-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "importedFrom" JSONB;

-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "resultAsPublished" BOOLEAN NOT NULL DEFAULT false;
