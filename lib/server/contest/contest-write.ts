import "server-only";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import type { ActionResult } from "@/lib/action-result";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";

/*
 * The one envelope of every write to a contest's record (a two-player or team-seat match, a pod):
 *
 *   open (the lock rule: lockContest / readMatchAndLock) → version check → replay by key → run → commit
 *
 * Everything a command adds is "read the facts, ask lib/rules, describe the write"; the
 * transaction, the replay of a request already stored, the stale-form answer, a RollBack and the
 * unique-key race are answered here, once, for matches and pods alike. A write that is one
 * statement (a Swiss slip, nearly every report of an event day) takes the same steps without an
 * interactive transaction: writeContestAtVersion.
 */

/** Thrown inside a contest write to undo all of it and answer with an expected failure. */
export class RollBack extends Error {
  constructor(readonly result: ActionResult<never>) {
    super(result.ok ? "rollback" : result.error.message);
  }
}

/** Anything that can run a read: the transaction of the write, or the pool after it rolled back. */
export type ContestReader = Transaction | typeof prisma;

/** A request looked up by its idempotency key: its first answer, a conflict (the key used for something else), or null when new. */
export type Replay<T> = (db: ContestReader) => Promise<ActionResult<T> | null>;

/** A contest opened for a write, at the version it was read at. */
export type Opened<C> = { contest: C; version: number } | { answer: ActionResult<never> };

/** The contest is open for the write (a named helper keeps its type exact, not widened with the refusal's). */
export function opened<C>(contest: C, version: number): Opened<C> {
  return { contest, version };
}

/** The contest cannot take the write: the answer instead. */
export function refused<C>(answer: ActionResult<never>): Opened<C> {
  return { answer };
}

/** How one kind of contest is opened for a write: locked by the one lock rule, or the answer instead (not found, a bye, voided). */
export type ContestOpening<C> = {
  open: (tx: Transaction) => Promise<Opened<C>>;
  /** The version the form saw; omitted for a write that names none (a player's report), which is then always checked against its key first. */
  expectedVersion?: number;
  /** The answer to a form opened before someone else's change. */
  stale: (contest: C) => ActionResult<never>;
  /** Refusals every write of this kind shares once the version matches (a dispute only the settle path may close). */
  check?: (contest: C) => ActionResult<never> | null;
};

export type ContestWrite<C, T> = ContestOpening<C> & {
  replay: Replay<T>;
  run: (tx: Transaction, contest: C) => Promise<ActionResult<T>>;
  /** The answer when another request took a unique slot first that is not this request's key (a game number, a sequence). */
  collision?: ActionResult<T>;
};

/** Runs one contest write in its envelope; see the module comment. */
export async function writeContest<C, T>(write: ContestWrite<C, T>): Promise<ActionResult<T>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const opened = await write.open(tx);
      if ("answer" in opened) return opened.answer;
      const { contest } = opened;
      // A request already stored moved the version, so only then (or when no version is named) is its key looked up.
      if (write.expectedVersion === undefined || opened.version !== write.expectedVersion) {
        const replayed = await write.replay(tx);
        if (replayed) return replayed;
        if (write.expectedVersion !== undefined) return write.stale(contest);
      }
      const refused = write.check?.(contest);
      if (refused) return refused;
      return write.run(tx, contest);
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    // The same request sent twice at once: the one that committed first holds the key.
    if (isUniqueViolation(error)) {
      const previous = await write.replay(prisma);
      if (previous) return previous;
      if (write.collision) return write.collision;
    }
    throw error;
  }
}

/**
 * The same envelope for a write that is one statement, with no interactive transaction: the
 * contest is read unlocked (or handed over as read moments ago), the rules decide on it, and
 * `apply` writes only while the version read still stands (null when it moved: then a replay of
 * this request answers, else the stale-form answer).
 */
export type ContestWriteAtVersion<C, T, W> = {
  contest: C;
  replay: Replay<T>;
  decide: (db: ContestReader, contest: C) => Promise<{ answer: ActionResult<T> } | { write: W }>;
  apply: (db: ContestReader, contest: C, write: W) => Promise<ActionResult<T> | null>;
  stale: (db: ContestReader, contest: C) => Promise<ActionResult<never>>;
};

/** Runs one single-statement contest write in its envelope; see ContestWriteAtVersion. */
export async function writeContestAtVersion<C, T, W>(
  write: ContestWriteAtVersion<C, T, W>,
): Promise<ActionResult<T>> {
  try {
    const decided = await write.decide(prisma, write.contest);
    if ("answer" in decided) return decided.answer;
    const applied = await write.apply(prisma, write.contest, decided.write);
    if (applied) return applied;
    return (await write.replay(prisma)) ?? (await write.stale(prisma, write.contest));
  } catch (error) {
    // The same request sent twice at once: the one that committed first holds the key.
    if (isUniqueViolation(error)) {
      const previous = await write.replay(prisma);
      if (previous) return previous;
    }
    throw error;
  }
}
