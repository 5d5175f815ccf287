-- CreateEnum
CREATE TYPE "EventStructure" AS ENUM ('TWO_PLAYER', 'PODS');

-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "structure" "EventStructure" NOT NULL DEFAULT 'TWO_PLAYER',
ADD COLUMN     "podSize" INTEGER NOT NULL DEFAULT 4,
ADD COLUMN     "podPointsWin" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "podPointsDraw" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "podPointsLoss" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "podAdditionalTurns" INTEGER;

-- CreateTable
CREATE TABLE "Pod" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "tableNumber" INTEGER NOT NULL,
    "isBye" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "confirmedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PodSeat" (
    "podId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "registrationId" TEXT NOT NULL,

    CONSTRAINT "PodSeat_pkey" PRIMARY KEY ("podId", "seat")
);

-- CreateTable
CREATE TABLE "PodEvent" (
    "id" TEXT NOT NULL,
    "podId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "actorName" TEXT NOT NULL DEFAULT '',
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PodEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Pod_roundId_tableNumber_key" ON "Pod"("roundId", "tableNumber");

-- CreateIndex
CREATE UNIQUE INDEX "PodSeat_podId_registrationId_key" ON "PodSeat"("podId", "registrationId");

-- CreateIndex
CREATE INDEX "PodSeat_registrationId_idx" ON "PodSeat"("registrationId");

-- CreateIndex
CREATE UNIQUE INDEX "PodEvent_idempotencyKey_key" ON "PodEvent"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "PodEvent_podId_sequence_key" ON "PodEvent"("podId", "sequence");

-- AddForeignKey
ALTER TABLE "Pod" ADD CONSTRAINT "Pod_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PodSeat" ADD CONSTRAINT "PodSeat_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PodSeat" ADD CONSTRAINT "PodSeat_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PodEvent" ADD CONSTRAINT "PodEvent_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Live pages hear pod changes (a pod event's write always bumps its pod's version).
SELECT live_watch('Pod', 'roundId');
SELECT live_watch('PodSeat', 'registrationId');
