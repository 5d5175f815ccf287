-- Live pages (issue 10, docs/live-updates.md): every committed change to what a tournament's
-- pages show is announced on the channel `tournament_changed`, with the tournament's id as the
-- payload. Every app instance LISTENs (lib/server/live.ts) and tells its open pages to refresh.
--
-- Statement-level triggers with transition tables: one announcement per statement and
-- tournament, however many rows it touched (a round's 2,048 pairings are one statement). NOTIFY
-- is transactional (sent at COMMIT, dropped on ROLLBACK) and Postgres folds equal payloads of one
-- transaction into one, so a result write (match, report, change) announces once.
--
-- A new table whose rows show on a tournament page: in its migration,
--   SELECT live_watch('TableName', 'matchId');   -- or 'tournamentId', 'roundId', 'phaseId', 'registrationId'
-- lib/server/live-triggers.test.ts fails for a table with such a column that is not watched.
-- Not watched on purpose: "ReadSnapshot" (written by reads; announcing it would make every
-- refresh cause another) and the account tables (no tournament).

CREATE FUNCTION live_announce_tournament_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tid text;
BEGIN
  FOR tid IN SELECT DISTINCT c."id" FROM changed c LOOP
    PERFORM pg_notify('tournament_changed', tid);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION live_announce_by_tournament() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tid text;
BEGIN
  FOR tid IN SELECT DISTINCT c."tournamentId" FROM changed c LOOP
    PERFORM pg_notify('tournament_changed', tid);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION live_announce_by_phase() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tid text;
BEGIN
  FOR tid IN SELECT DISTINCT p."tournamentId" FROM (SELECT DISTINCT "phaseId" FROM changed) c JOIN "Phase" p ON p."id" = c."phaseId" LOOP
    PERFORM pg_notify('tournament_changed', tid);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION live_announce_by_registration() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tid text;
BEGIN
  FOR tid IN SELECT DISTINCT r."tournamentId" FROM (SELECT DISTINCT "registrationId" FROM changed) c JOIN "Registration" r ON r."id" = c."registrationId" LOOP
    PERFORM pg_notify('tournament_changed', tid);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION live_announce_by_round() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tid text;
BEGIN
  FOR tid IN SELECT DISTINCT r."tournamentId" FROM (SELECT DISTINCT "roundId" FROM changed) c JOIN "Round" r ON r."id" = c."roundId" LOOP
    PERFORM pg_notify('tournament_changed', tid);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION live_announce_by_match() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tid text;
BEGIN
  FOR tid IN
    SELECT DISTINCT r."tournamentId" FROM (SELECT DISTINCT "matchId" FROM changed) c
    JOIN "Match" m ON m."id" = c."matchId" JOIN "Round" r ON r."id" = m."roundId"
  LOOP
    PERFORM pg_notify('tournament_changed', tid);
  END LOOP;
  RETURN NULL;
END $$;

-- Watches a table: three AFTER ... FOR EACH STATEMENT triggers (Postgres allows a transition
-- table only on a single-event trigger). `via` names the column that leads to the tournament.
CREATE FUNCTION live_watch(table_name text, via text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE announcer text := CASE via
  WHEN 'id' THEN 'live_announce_tournament_row'
  WHEN 'tournamentId' THEN 'live_announce_by_tournament'
  WHEN 'phaseId' THEN 'live_announce_by_phase'
  WHEN 'registrationId' THEN 'live_announce_by_registration'
  WHEN 'roundId' THEN 'live_announce_by_round'
  WHEN 'matchId' THEN 'live_announce_by_match'
END;
BEGIN
  IF announcer IS NULL THEN
    RAISE EXCEPTION 'live_watch: no announcer for column %', via;
  END IF;
  EXECUTE format('CREATE TRIGGER live_announce_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', table_name, announcer);
  EXECUTE format('CREATE TRIGGER live_announce_update AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', table_name, announcer);
  EXECUTE format('CREATE TRIGGER live_announce_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', table_name, announcer);
END $$;

SELECT live_watch('Tournament', 'id');
SELECT live_watch('Phase', 'tournamentId');
SELECT live_watch('Registration', 'tournamentId');
SELECT live_watch('StaffMember', 'tournamentId');
SELECT live_watch('Round', 'tournamentId');
SELECT live_watch('TeamMember', 'registrationId');
SELECT live_watch('PlayoffSeed', 'phaseId');
SELECT live_watch('PairingChange', 'roundId');
SELECT live_watch('Match', 'roundId');
SELECT live_watch('Game', 'matchId');
SELECT live_watch('MatchReport', 'matchId');
SELECT live_watch('ResultChange', 'matchId');
SELECT live_watch('TimeExtension', 'matchId');
SELECT live_watch('EndOfMatchEvent', 'matchId');
SELECT live_watch('Penalty', 'matchId');
