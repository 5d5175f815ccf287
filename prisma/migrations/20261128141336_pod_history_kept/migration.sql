-- A pod's history is kept as a match's is: never deleted with its pod, and each correction says
-- which staff seat made it and which pod version it produced.

-- DropForeignKey
ALTER TABLE "PodEvent" DROP CONSTRAINT "PodEvent_podId_fkey";

-- DropForeignKey
ALTER TABLE "PodCorrection" DROP CONSTRAINT "PodCorrection_podId_fkey";

-- DropForeignKey
ALTER TABLE "PodReport" DROP CONSTRAINT "PodReport_podId_fkey";

-- AlterTable
ALTER TABLE "PodCorrection" ADD COLUMN     "version" INTEGER,
ADD COLUMN     "staffId" TEXT;

-- AddForeignKey
ALTER TABLE "PodEvent" ADD CONSTRAINT "PodEvent_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PodCorrection" ADD CONSTRAINT "PodCorrection_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PodCorrection" ADD CONSTRAINT "PodCorrection_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PodReport" ADD CONSTRAINT "PodReport_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Corrections stored before: the staff seat of the pod's tournament whose name they kept, when exactly one has it.
UPDATE "PodCorrection" c SET "staffId" = s.id
FROM "Pod" p, "Round" r, "StaffMember" s
WHERE p.id = c."podId" AND r.id = p."roundId" AND s."tournamentId" = r."tournamentId" AND s.name = c."actorName"
  AND (SELECT count(*) FROM "StaffMember" o WHERE o."tournamentId" = r."tournamentId" AND o.name = c."actorName") = 1;
