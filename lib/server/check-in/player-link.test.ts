import { afterEach, describe, expect, it, vi } from "vitest";

let requestHeaders = new Headers({ host: "127.0.0.1:3000" });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));

/** player-link.ts read with these settings (the environment is parsed once, at import). */
async function load(settings: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(settings)) vi.stubEnv(key, value);
  return import("./player-link");
}

afterEach(() => {
  vi.unstubAllEnvs();
  requestHeaders = new Headers({ host: "127.0.0.1:3000" });
});

describe("the public address every QR code and printed link uses", () => {
  it("PUBLIC_URL wins over the request's own address, so codes printed from localhost work on phones", async () => {
    const links = await load({
      PUBLIC_URL: "http://192.168.1.20:3000/",
      BETTER_AUTH_URL: undefined,
    });
    expect(await links.publicAddress()).toEqual({
      base: "http://192.168.1.20:3000",
      isConfigured: true,
      isLocalOnly: false,
    });
    expect(await links.playerLinkFor("K7QXM4PD9TRW")).toBe(
      "http://192.168.1.20:3000/play/K7QXM4PD9TRW",
    );
    expect(await links.checkInLinkFor("t1")).toBe(
      "http://192.168.1.20:3000/tournaments/t1/check-in",
    );
  });

  it("without PUBLIC_URL, a page opened on localhost or 127.0.0.1 gives codes only this computer can open: the pages warn", async () => {
    const links = await load({ PUBLIC_URL: "", BETTER_AUTH_URL: undefined });
    expect(await links.publicAddress()).toEqual({
      base: "http://127.0.0.1:3000",
      isConfigured: false,
      isLocalOnly: true,
    });
    requestHeaders = new Headers({ host: "events.example.org", "x-forwarded-proto": "https" });
    expect(await links.publicAddress()).toEqual({
      base: "https://events.example.org",
      isConfigured: false,
      isLocalOnly: false,
    });
  });

  it("a PUBLIC_URL that is not an http(s) address stops the app with a sentence saying what to set", async () => {
    await expect(load({ PUBLIC_URL: "events.example.org" })).rejects.toThrow(
      /PUBLIC_URL must be a full address/,
    );
    await expect(load({ PUBLIC_URL: "ftp://events.example.org" })).rejects.toThrow(
      /PUBLIC_URL must start with http/,
    );
  });

  it("a PUBLIC_URL set again while the server runs (the venue laptop's address changed) is where codes point from then on", async () => {
    const links = await load({
      PUBLIC_URL: "http://192.168.1.20:3000",
      BETTER_AUTH_URL: undefined,
    });
    vi.stubEnv("PUBLIC_URL", "http://192.168.1.57:3000");
    expect(await links.playerLinkFor("K7QXM4PD9TRW")).toBe(
      "http://192.168.1.57:3000/play/K7QXM4PD9TRW",
    );
    // A value that is no address is not taken: the one the server started with stands.
    vi.stubEnv("PUBLIC_URL", "not an address");
    expect((await links.publicAddress()).base).toBe("http://192.168.1.20:3000");
  });
});
