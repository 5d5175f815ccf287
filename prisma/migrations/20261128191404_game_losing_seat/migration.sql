-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "losingSeat" INTEGER;
