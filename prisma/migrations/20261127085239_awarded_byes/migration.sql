-- CreateTable
CREATE TABLE "AwardedBye" (
    "registrationId" TEXT NOT NULL,
    "roundNumber" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawnAt" TIMESTAMP(3),

    CONSTRAINT "AwardedBye_pkey" PRIMARY KEY ("registrationId", "roundNumber")
);

-- AddForeignKey
ALTER TABLE "AwardedBye" ADD CONSTRAINT "AwardedBye_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Live pages hear byes awarded in advance.
SELECT live_watch('AwardedBye', 'registrationId');
