/**
 * The floor of bench/http-load.ts: a bare `node:http` server with a `pg` pool that answers
 * `POST /api/matches/:id/result` with the same two statements the app issues for a report
 * (lib/server/access/scope.ts `matchScopeStatement`, lib/server/match/results.ts
 * `reportWriteStatement`), and nothing else: no framework, no session, no rules, no validation
 * beyond reading the JSON. What the app does on the same machine, as a fraction of this, stays
 * comparable across machines.
 *
 *   FLOOR_PORT=… FLOOR_USER_ID=… DATABASE_URL=… DATABASE_POOL_MAX=10 node --conditions=react-server --import tsx bench/floor-server.ts
 */
import http from "node:http";
import pg from "pg";

const { matchScopeStatement } = await import("../lib/server/access/scope");
const { reportWriteStatement } = await import("../lib/server/match/results");

const port = Number(process.env.FLOOR_PORT);
const userId = process.env.FLOOR_USER_ID ?? "";
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
});

type Row = {
  version: number;
  id: string;
  tournamentId: string;
  roundNumber: number;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
  concededBy: "A" | "B" | null;
  intentionalDraw: boolean;
  seatId: string | null;
  seatName: string | null;
};

const server = http.createServer((request, response) => {
  const answer = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    response.end(text);
  };
  const matchId = /^\/api\/matches\/([^/]+)\/result$/.exec(request.url ?? "")?.[1];
  if (request.method !== "POST" || !matchId) return answer(404, { ok: false });
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", async () => {
    try {
      const input = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        winsA: number;
        winsB: number;
        draws: number;
        expectedVersion: number;
        idempotencyKey: string;
      };
      const scope = matchScopeStatement(matchId, userId);
      const match = (await pool.query<Row>(scope.text, scope.values)).rows[0];
      if (!match) return answer(404, { ok: false });
      if (match.version !== input.expectedVersion) return answer(409, { ok: false });
      const write = reportWriteStatement(
        match,
        {
          idempotencyKey: input.idempotencyKey,
          intentionalDraw: false,
          concededBy: undefined,
          note: "",
        },
        { source: "STAFF", staffId: match.seatId ?? undefined, name: match.seatName ?? "" },
        {
          slip: { winsA: input.winsA, winsB: input.winsB, draws: input.draws },
          kind: match.winsA === null ? "REPORTED" : "CORRECTED",
          takeSharedLock: true,
        },
      );
      const written = (await pool.query<{ version: number }>(write.text, write.values)).rows[0];
      return written
        ? answer(200, { ok: true, data: { version: written.version } })
        : answer(409, { ok: false });
    } catch (error) {
      return answer(500, {
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => console.log(`floor server on 127.0.0.1:${port}`));
process.on("SIGTERM", () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
});
