import { describe, expect, it } from "vitest";
import { refuseServerActionRequest } from "./server-action-request";

const form = { "content-type": "multipart/form-data; boundary=x", host: "app.example:3000" };

describe("server action requests refused before Next.js runs them", () => {
  it("lets a form from the app's own page through, with or without JavaScript", () => {
    expect(refuseServerActionRequest("POST", new Headers({ ...form, origin: "http://app.example:3000", "next-action": "abc" }))).toBeNull();
    expect(refuseServerActionRequest("POST", new Headers({ ...form, origin: "http://app.example:3000" }))).toBeNull();
    // Behind a proxy that keeps the public host in X-Forwarded-Host, as Next itself reads it.
    expect(refuseServerActionRequest("POST", new Headers({ ...form, host: "127.0.0.1:3000", "x-forwarded-host": "app.example", origin: "https://app.example", "next-action": "abc" }))).toBeNull();
    // No Origin: a hand-made request without a browser's credentials (Next lets it through too).
    expect(refuseServerActionRequest("POST", new Headers({ ...form, "next-action": "abc" }))).toBeNull();
  });

  it("refuses another site's, an opaque or a garbled Origin with 403", () => {
    for (const origin of ["http://evil.example", "http://app.example:3001", "null", "not a url", "http://app.example:3000.evil.example"]) {
      expect(refuseServerActionRequest("POST", new Headers({ ...form, origin, "next-action": "abc" })), origin).toMatchObject({ status: 403 });
      expect(refuseServerActionRequest("POST", new Headers({ ...form, origin })), origin).toMatchObject({ status: 403 });
    }
  });

  // Next's ids start with a byte of flags: the arguments the action reads (here the 2nd, a form), or none.
  const readsForm = `60${"ab".repeat(20)}`;
  const readsNothing = `00${"ab".repeat(20)}`;

  it("refuses a call of an action that reads its arguments whose body is not a form (JSON, text) with 400", () => {
    for (const contentType of ["application/json", "text/plain;charset=UTF-8", ""]) {
      expect(refuseServerActionRequest("POST", new Headers({ host: "app.example:3000", "content-type": contentType, "next-action": readsForm })), contentType).toMatchObject({ status: 400 });
    }
  });

  it("lets through a call of an action that reads no argument (sign out), which Next sends as text", () => {
    expect(refuseServerActionRequest("POST", new Headers({ ...form, "content-type": "text/plain;charset=UTF-8", origin: "http://app.example:3000", "next-action": readsNothing }))).toBeNull();
    // Not an action id at all: Next answers it (404), nothing runs.
    expect(refuseServerActionRequest("POST", new Headers({ ...form, "content-type": "application/json", "next-action": "abc" }))).toBeNull();
  });

  it("leaves every other request alone", () => {
    expect(refuseServerActionRequest("GET", new Headers({ origin: "http://evil.example", "next-action": "abc" }))).toBeNull();
    expect(refuseServerActionRequest("POST", new Headers({ origin: "http://evil.example", "content-type": "application/json" }))).toBeNull();
  });
});
