-- Registrations from phones: a per-event limit the organizer raises, and the network each came from
-- (a keyed hash, never the address), so staff can remove a flood in one step.

-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "phoneRegistrationCap" INTEGER NOT NULL DEFAULT 200;

-- AlterTable
ALTER TABLE "Registration" ADD COLUMN     "selfRegistrationNetwork" TEXT;

-- AlterTable
ALTER TABLE "WaitlistEntry" ADD COLUMN     "requestNetwork" TEXT;

-- A waitlist entry promoted into the event was registered from a phone: its registration now says so too.
UPDATE "Registration" r SET "selfRegistrationKey" = w."requestKey"
FROM "WaitlistEntry" w
WHERE w."registrationId" = r.id AND r."selfRegistrationKey" IS NULL;
