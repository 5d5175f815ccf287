-- CR 104.6: a restarted game (Karn Liberated) is kept in the match's history; it is no game result.
ALTER TYPE "ResultChangeKind" ADD VALUE 'GAME_RESTARTED';
