// The HTTP API answers in JSON even when the address or the method is wrong: an unknown
// /api/* path is a JSON 404, and a method the result route does not take is a JSON 405 that
// says (in the Allow header too) which methods it does take.
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import * as resultRoute from "./matches/[id]/result/route";
import * as unknownRoute from "./[...unknown]/route";

afterAll(async () => {
  await prisma.$disconnect();
});

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

function handlerOf(module: Record<string, unknown>, method: string): Handler {
  const handler = module[method];
  expect(typeof handler, `${method} is exported`).toBe("function");
  return handler as Handler;
}

async function expectJsonError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body).toMatchObject({ error: { code } });
  expect(body.error.message.length).toBeGreaterThan(10);
  return body.error.message;
}

describe("unknown /api/* paths", () => {
  const paths = [
    ["nope"],
    ["matches"],
    ["matches", "m1"],
    ["matches", "m1", "result", "extra"],
    ["tournaments", "t1", "players"],
    ["%00"],
    ["<script>alert(1)</script>"],
    ["etc", "passwd"],
  ];
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    it(`${method} to an unknown API path answers a JSON 404 naming the path`, async () => {
      for (const segments of paths) {
        const path = `/api/${segments.map(encodeURIComponent).join("/")}`;
        const request = new Request(`http://localhost${path}`, {
          method,
          body: method === "GET" ? undefined : "{}",
        });
        const message = await expectJsonError(
          await handlerOf(unknownRoute, method)(request, {
            params: Promise.resolve({ unknown: segments }),
          }),
          404,
          "NOT_FOUND",
        );
        expect(message).toContain("/api/");
      }
    });
  }
});

describe("wrong methods on POST /api/matches/[id]/result", () => {
  for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
    it(`${method} answers a JSON 405 with Allow: POST`, async () => {
      const request = new Request("http://localhost/api/matches/m1/result", {
        method,
        body: method === "GET" ? undefined : "{}",
      });
      const response = await handlerOf(resultRoute, method)(request, {
        params: Promise.resolve({ id: "m1" }),
      });
      expect(response.headers.get("allow")).toBe("POST");
      const message = await expectJsonError(response, 405, "METHOD_NOT_ALLOWED");
      expect(message).toContain("POST");
    });
  }
});
