-- AlterTable
ALTER TABLE "PodEvent" ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PodCorrection" (
    "id" TEXT NOT NULL,
    "podId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "actorName" TEXT NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PodCorrection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PodCorrection_podId_idx" ON "PodCorrection"("podId");

-- AddForeignKey
ALTER TABLE "PodCorrection" ADD CONSTRAINT "PodCorrection_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;
