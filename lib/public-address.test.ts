import { describe, expect, it } from "vitest";
import { isLocalOnlyAddress, joinAddress } from "./public-address";

describe("the public address for QR codes and printed links", () => {
  it("an address only this computer can open is recognized, so the organizer is warned before printing", () => {
    for (const local of [
      "http://localhost:3000",
      "http://LOCALHOST",
      "http://app.localhost:3000",
      "http://127.0.0.1:3700",
      "http://127.1.2.3",
      "http://[::1]:3000",
      "http://0.0.0.0:3000",
    ]) {
      expect(isLocalOnlyAddress(local), local).toBe(true);
    }
    for (const reachable of [
      "http://192.168.1.20:3000",
      "https://events.example.org",
      "http://10.0.0.5",
      "http://127.example.org",
      "not an address",
    ]) {
      expect(isLocalOnlyAddress(reachable), reachable).toBe(false);
    }
  });

  it("a base with or without a trailing slash joins a path with exactly one slash", () => {
    expect(joinAddress("https://events.example.org/", "/play/ABC")).toBe(
      "https://events.example.org/play/ABC",
    );
    expect(joinAddress("https://events.example.org/spellbook", "play/ABC")).toBe(
      "https://events.example.org/spellbook/play/ABC",
    );
  });
});
