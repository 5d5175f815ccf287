import "server-only";
import type {
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  Transaction,
} from "@prisma/driver-adapter-utils";

/** A transaction's calls that each send a statement on its one connection. */
const STATEMENTS = new Set<PropertyKey>([
  "queryRaw",
  "executeRaw",
  "createSavepoint",
  "rollbackToSavepoint",
  "releaseSavepoint",
  "commit",
  "rollback",
]);

/**
 * The driver adapter with each transaction's statements sent one after another. Prisma sends a
 * transaction's independent reads at once (an include's relations, a Promise.all of queries), and
 * pg takes a query on a connection still running one only as a deprecated fallback (pg@9 drops it).
 */
export function withTransactionQueriesInTurn<Factory extends SqlDriverAdapterFactory>(
  factory: Factory,
): Factory {
  return override(factory, {
    connect: async () => {
      const adapter = await factory.connect();
      return override<SqlDriverAdapter>(adapter, {
        startTransaction: async (...args) => inTurn(await adapter.startTransaction(...args)),
      });
    },
  } as Partial<Factory>);
}

/** One transaction whose statements wait for the one before (a failed one does not stop the next). */
function inTurn(transaction: Transaction): Transaction {
  let previous: Promise<unknown> = Promise.resolve();
  return new Proxy(transaction, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (!STATEMENTS.has(key)) return value.bind(target);
      return (...args: unknown[]) => {
        const run = previous.then(() => value.apply(target, args));
        previous = run.catch(() => undefined);
        return run;
      };
    },
  });
}

/** The object with some methods replaced; every other property read from it as it is. */
function override<T extends object>(target: T, methods: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (Object.hasOwn(methods, key)) return methods[key as keyof T];
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}
