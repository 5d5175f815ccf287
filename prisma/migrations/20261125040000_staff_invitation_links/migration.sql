-- Staff invitations are accepted through a secret link (its SHA-256 is stored), no longer by
-- signing up with the invited email. Invitations still pending keep no link: the organizer
-- creates a new one on the staff page.
ALTER TABLE "StaffMember" ADD COLUMN "inviteTokenHash" TEXT,
ADD COLUMN "inviteExpiresAt" TIMESTAMP(3);

CREATE UNIQUE INDEX "StaffMember_inviteTokenHash_key" ON "StaffMember"("inviteTokenHash");
