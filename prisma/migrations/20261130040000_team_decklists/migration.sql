-- In a team event every member registers their own deck (MTR 2.7): a list per registration and seat.
ALTER TABLE "Decklist" ADD COLUMN "seat" INTEGER NOT NULL DEFAULT 0;
DROP INDEX "Decklist_registrationId_key";
CREATE UNIQUE INDEX "Decklist_registrationId_seat_key" ON "Decklist"("registrationId", "seat");
