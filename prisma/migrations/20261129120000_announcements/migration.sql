-- Announcements (docs/webhooks.md): what programs and phones outside the app are told, stored by
-- statement-level triggers in the same commit as the fact, so a rolled-back write announces
-- nothing and a one-statement result write needs no transaction of its own. Deliveries are
-- planned and sent by one worker per app instance (lib/server/announcements/worker.ts).

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('PENDING', 'SENT', 'FAILED', 'GONE');

-- CreateTable
CREATE TABLE "Announcement" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "tournamentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "dedupeKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "plannedAt" TIMESTAMP(3),
    "claimedUntil" TIMESTAMP(3),

    CONSTRAINT "Announcement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Delivery" (
    "id" TEXT NOT NULL,
    "announcementId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAttemptAt" TIMESTAMP(3),
    "lastStatusCode" INTEGER,
    "lastError" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "kinds" TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "disabledReason" TEXT NOT NULL DEFAULT '',
    "createdById" TEXT,
    "createdByName" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Announcement_dedupeKey_key" ON "Announcement"("dedupeKey");

-- CreateIndex
CREATE INDEX "Announcement_plannedAt_createdAt_idx" ON "Announcement"("plannedAt", "createdAt");

-- CreateIndex
CREATE INDEX "Announcement_tournamentId_createdAt_idx" ON "Announcement"("tournamentId", "createdAt");

-- CreateIndex
CREATE INDEX "Delivery_status_nextAttemptAt_idx" ON "Delivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Delivery_channel_targetId_createdAt_idx" ON "Delivery"("channel", "targetId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Delivery_announcementId_channel_targetId_key" ON "Delivery"("announcementId", "channel", "targetId");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_tournamentId_idx" ON "WebhookEndpoint"("tournamentId");

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Delivery" ADD CONSTRAINT "Delivery_announcementId_fkey" FOREIGN KEY ("announcementId") REFERENCES "Announcement"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A webhook endpoint's rows show on the staff page; an announcement is not watched: it is
-- written with a fact that already announces, and the worker's marks would refresh every page.
SELECT live_watch('WebhookEndpoint', 'tournamentId');

-- round.paired: a round is created with its pairings.
CREATE FUNCTION announce_round_paired() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
  SELECT n."tournamentId", 'round.paired', n."id" FROM announced n;
  RETURN NULL;
END $$;
CREATE TRIGGER announce_insert AFTER INSERT ON "Round"
  REFERENCING NEW TABLE AS announced FOR EACH STATEMENT EXECUTE FUNCTION announce_round_paired();

-- result.recorded: a match's result becomes final (MTR 2.5: confirmed or entered by staff), or a
-- final result is corrected; every write path (slip, games, team seats) ends in the Match row.
CREATE FUNCTION announce_match_result() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
  SELECT r."tournamentId", 'result.recorded', n."id"
  FROM announced n
  JOIN previous o ON o."id" = n."id"
  JOIN "Round" r ON r."id" = n."roundId"
  WHERE n."confirmedAt" IS NOT NULL AND n."voidedAt" IS NULL AND n."sideBId" IS NOT NULL
    AND (o."confirmedAt" IS NULL
      OR (o."winsA", o."winsB", o."draws", o."concededBy", o."intentionalDraw")
        IS DISTINCT FROM (n."winsA", n."winsB", n."draws", n."concededBy", n."intentionalDraw"));
  RETURN NULL;
END $$;
CREATE TRIGGER announce_update AFTER UPDATE ON "Match"
  REFERENCING OLD TABLE AS previous NEW TABLE AS announced
  FOR EACH STATEMENT EXECUTE FUNCTION announce_match_result();

-- result.recorded for a pod: recorded, or a recorded result corrected (a new version).
CREATE FUNCTION announce_pod_result() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
  SELECT r."tournamentId", 'result.recorded', n."id"
  FROM announced n
  JOIN previous o ON o."id" = n."id"
  JOIN "Round" r ON r."id" = n."roundId"
  WHERE n."confirmedAt" IS NOT NULL AND NOT n."isBye"
    AND (o."confirmedAt" IS NULL OR o."version" <> n."version");
  RETURN NULL;
END $$;
CREATE TRIGGER announce_update AFTER UPDATE ON "Pod"
  REFERENCING OLD TABLE AS previous NEW TABLE AS announced
  FOR EACH STATEMENT EXECUTE FUNCTION announce_pod_result();

-- time.called at a match (the end-of-match procedure's first step).
CREATE FUNCTION announce_match_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
  SELECT r."tournamentId", 'time.called', n."matchId"
  FROM announced n
  JOIN "Match" m ON m."id" = n."matchId"
  JOIN "Round" r ON r."id" = m."roundId"
  WHERE n."kind" = 'TIME_CALLED';
  RETURN NULL;
END $$;
CREATE TRIGGER announce_insert AFTER INSERT ON "EndOfMatchEvent"
  REFERENCING NEW TABLE AS announced FOR EACH STATEMENT EXECUTE FUNCTION announce_match_time();

-- time.called at a pod (lib/rules/pod-game.ts "time-called").
CREATE FUNCTION announce_pod_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
  SELECT r."tournamentId", 'time.called', n."podId"
  FROM announced n
  JOIN "Pod" p ON p."id" = n."podId"
  JOIN "Round" r ON r."id" = p."roundId"
  WHERE n."data"->>'type' = 'time-called';
  RETURN NULL;
END $$;
CREATE TRIGGER announce_insert AFTER INSERT ON "PodEvent"
  REFERENCING NEW TABLE AS announced FOR EACH STATEMENT EXECUTE FUNCTION announce_pod_time();

-- event.finished: however the event ends (finished by staff, or its final played).
CREATE FUNCTION announce_event_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
  SELECT n."id", 'event.finished', n."id"
  FROM announced n
  JOIN previous o ON o."id" = n."id"
  WHERE n."status" = 'COMPLETE' AND o."status" <> 'COMPLETE';
  RETURN NULL;
END $$;
CREATE TRIGGER announce_update AFTER UPDATE ON "Tournament"
  REFERENCING OLD TABLE AS previous NEW TABLE AS announced
  FOR EACH STATEMENT EXECUTE FUNCTION announce_event_finished();

-- judge_call.opened and judge_call.claimed.
CREATE FUNCTION announce_judge_call_opened() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
  SELECT n."tournamentId", 'judge_call.opened', n."id" FROM announced n;
  RETURN NULL;
END $$;
CREATE TRIGGER announce_insert AFTER INSERT ON "JudgeCall"
  REFERENCING NEW TABLE AS announced FOR EACH STATEMENT EXECUTE FUNCTION announce_judge_call_opened();

CREATE FUNCTION announce_judge_call_claimed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
  SELECT n."tournamentId", 'judge_call.claimed', n."id"
  FROM announced n
  JOIN previous o ON o."id" = n."id"
  WHERE n."claimedAt" IS NOT NULL AND o."claimedAt" IS NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER announce_update AFTER UPDATE ON "JudgeCall"
  REFERENCING OLD TABLE AS previous NEW TABLE AS announced
  FOR EACH STATEMENT EXECUTE FUNCTION announce_judge_call_claimed();
