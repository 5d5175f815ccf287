-- The announcement triggers of 20261129120000_announcements, with one shared trigger function
-- (as live_watch has): each trigger names the kind it announces, and `announce` holds every
-- table's rule in one place. What is announced, and when, is unchanged.

DROP TRIGGER announce_insert ON "Round";
DROP TRIGGER announce_update ON "Match";
DROP TRIGGER announce_update ON "Pod";
DROP TRIGGER announce_insert ON "EndOfMatchEvent";
DROP TRIGGER announce_insert ON "PodEvent";
DROP TRIGGER announce_update ON "Tournament";
DROP TRIGGER announce_insert ON "JudgeCall";
DROP TRIGGER announce_update ON "JudgeCall";
DROP FUNCTION announce_round_paired();
DROP FUNCTION announce_match_result();
DROP FUNCTION announce_pod_result();
DROP FUNCTION announce_match_time();
DROP FUNCTION announce_pod_time();
DROP FUNCTION announce_event_finished();
DROP FUNCTION announce_judge_call_opened();
DROP FUNCTION announce_judge_call_claimed();

-- Stores the announcements of one statement: TG_ARGV[0] is the kind, `announced` the new rows
-- and `previous` (updates only) the old ones. A statement is planned when first run, so a branch
-- naming `previous` is never planned for an insert trigger.
CREATE FUNCTION announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced_kind text := TG_ARGV[0];
BEGIN
  CASE TG_TABLE_NAME || ' ' || announced_kind
  -- round.paired: a round is created with its pairings.
  WHEN 'Round round.paired' THEN
    INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
    SELECT n."tournamentId", announced_kind, n."id" FROM announced n;
  -- result.recorded: a match's result becomes final (MTR 2.5: confirmed or entered by staff),
  -- or a final result is corrected; every write path (slip, games, team seats) ends in the row.
  WHEN 'Match result.recorded' THEN
    INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
    SELECT r."tournamentId", announced_kind, n."id"
    FROM announced n
    JOIN previous o ON o."id" = n."id"
    JOIN "Round" r ON r."id" = n."roundId"
    WHERE n."confirmedAt" IS NOT NULL AND n."voidedAt" IS NULL AND n."sideBId" IS NOT NULL
      AND (o."confirmedAt" IS NULL
        OR (o."winsA", o."winsB", o."draws", o."concededBy", o."intentionalDraw")
          IS DISTINCT FROM (n."winsA", n."winsB", n."draws", n."concededBy", n."intentionalDraw"));
  -- result.recorded for a pod: recorded, or a recorded result corrected (a new version).
  WHEN 'Pod result.recorded' THEN
    INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
    SELECT r."tournamentId", announced_kind, n."id"
    FROM announced n
    JOIN previous o ON o."id" = n."id"
    JOIN "Round" r ON r."id" = n."roundId"
    WHERE n."confirmedAt" IS NOT NULL AND NOT n."isBye"
      AND (o."confirmedAt" IS NULL OR o."version" <> n."version");
  -- time.called at a match (the end-of-match procedure's first step).
  WHEN 'EndOfMatchEvent time.called' THEN
    INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
    SELECT r."tournamentId", announced_kind, n."matchId"
    FROM announced n
    JOIN "Match" m ON m."id" = n."matchId"
    JOIN "Round" r ON r."id" = m."roundId"
    WHERE n."kind" = 'TIME_CALLED';
  -- time.called at a pod (lib/rules/pod-game.ts "time-called").
  WHEN 'PodEvent time.called' THEN
    INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
    SELECT r."tournamentId", announced_kind, n."podId"
    FROM announced n
    JOIN "Pod" p ON p."id" = n."podId"
    JOIN "Round" r ON r."id" = p."roundId"
    WHERE n."data"->>'type' = 'time-called';
  -- event.finished: however the event ends (finished by staff, or its final played).
  WHEN 'Tournament event.finished' THEN
    INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
    SELECT n."id", announced_kind, n."id"
    FROM announced n
    JOIN previous o ON o."id" = n."id"
    WHERE n."status" = 'COMPLETE' AND o."status" <> 'COMPLETE';
  WHEN 'JudgeCall judge_call.opened' THEN
    INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
    SELECT n."tournamentId", announced_kind, n."id" FROM announced n;
  WHEN 'JudgeCall judge_call.claimed' THEN
    INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId")
    SELECT n."tournamentId", announced_kind, n."id"
    FROM announced n
    JOIN previous o ON o."id" = n."id"
    WHERE n."claimedAt" IS NOT NULL AND o."claimedAt" IS NULL;
  ELSE
    RAISE EXCEPTION 'announce: no rule for % on %', announced_kind, TG_TABLE_NAME;
  END CASE;
  RETURN NULL;
END $$;

-- Announces `kind` from a table: an AFTER ... FOR EACH STATEMENT trigger with its transition
-- tables (Postgres allows them only on a single-event trigger). `event` is INSERT or UPDATE.
CREATE FUNCTION announce_from(table_name text, event text, kind text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF event = 'INSERT' THEN
    EXECUTE format('CREATE TRIGGER announce_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS announced FOR EACH STATEMENT EXECUTE FUNCTION announce(%L)', table_name, kind);
  ELSIF event = 'UPDATE' THEN
    EXECUTE format('CREATE TRIGGER announce_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS previous NEW TABLE AS announced FOR EACH STATEMENT EXECUTE FUNCTION announce(%L)', table_name, kind);
  ELSE
    RAISE EXCEPTION 'announce_from: no trigger for %', event;
  END IF;
END $$;

SELECT announce_from('Round', 'INSERT', 'round.paired');
SELECT announce_from('Match', 'UPDATE', 'result.recorded');
SELECT announce_from('Pod', 'UPDATE', 'result.recorded');
SELECT announce_from('EndOfMatchEvent', 'INSERT', 'time.called');
SELECT announce_from('PodEvent', 'INSERT', 'time.called');
SELECT announce_from('Tournament', 'UPDATE', 'event.finished');
SELECT announce_from('JudgeCall', 'INSERT', 'judge_call.opened');
SELECT announce_from('JudgeCall', 'UPDATE', 'judge_call.claimed');
