-- Players register themselves and check in from their phones (the check-in QR code); past the
-- organizer's cap they join a waitlist, promoted in order when a spot frees up before round 1.
-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "openRegistration" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "registrationCap" INTEGER;

-- AlterTable
ALTER TABLE "Registration" ADD COLUMN     "checkedInAt" TIMESTAMP(3),
ADD COLUMN     "selfRegistrationKey" TEXT;

-- CreateTable
CREATE TABLE "WaitlistEntry" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "requestKey" TEXT NOT NULL,
    "promotedAt" TIMESTAMP(3),
    "registrationId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WaitlistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Registration_selfRegistrationKey_key" ON "Registration"("selfRegistrationKey");

-- CreateIndex
CREATE UNIQUE INDEX "WaitlistEntry_code_key" ON "WaitlistEntry"("code");

-- CreateIndex
CREATE UNIQUE INDEX "WaitlistEntry_requestKey_key" ON "WaitlistEntry"("requestKey");

-- CreateIndex
CREATE UNIQUE INDEX "WaitlistEntry_registrationId_key" ON "WaitlistEntry"("registrationId");

-- CreateIndex
CREATE UNIQUE INDEX "WaitlistEntry_tournamentId_nameKey_key" ON "WaitlistEntry"("tournamentId", "nameKey");

-- CreateIndex
CREATE INDEX "WaitlistEntry_tournamentId_createdAt_idx" ON "WaitlistEntry"("tournamentId", "createdAt");

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The waitlist shows on the organizer's overview and the check-in screen: announce its changes.
SELECT live_watch('WaitlistEntry', 'tournamentId');
