-- A result report warns when a later Swiss round is already paired (those pairings used the old
-- result). The report's fast path (lib/server/data/results.ts, issue 7) is one statement that
-- may wait for the tournament's lock while a pairing finishes; a subquery in that statement would
-- read with the snapshot taken before the wait and miss the round just paired.
-- VOLATILE plpgsql: under READ COMMITTED each query in it takes a fresh snapshot, after the lock.
CREATE FUNCTION later_round_exists(tournament_id text, round_number integer) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM "Round" WHERE "tournamentId" = tournament_id AND number > round_number);
END $$;
