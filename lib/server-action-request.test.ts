import { describe, expect, it } from "vitest";
import { refuseServerActionRequest, refuseUnreadableActionBody } from "./server-action-request";

const form = {
  "content-type": "multipart/form-data; boundary=x",
  host: "app.example:3000",
  "content-length": "512",
};

describe("server action requests refused before Next.js runs them", () => {
  it("lets a form from the app's own page through, with or without JavaScript", () => {
    expect(
      refuseServerActionRequest(
        "POST",
        new Headers({ ...form, origin: "http://app.example:3000", "next-action": "abc" }),
      ),
    ).toBeNull();
    expect(
      refuseServerActionRequest(
        "POST",
        new Headers({ ...form, origin: "http://app.example:3000" }),
      ),
    ).toBeNull();
    // Behind a proxy that keeps the public host in X-Forwarded-Host, as Next itself reads it.
    expect(
      refuseServerActionRequest(
        "POST",
        new Headers({
          ...form,
          host: "127.0.0.1:3000",
          "x-forwarded-host": "app.example",
          origin: "https://app.example",
          "next-action": "abc",
        }),
      ),
    ).toBeNull();
    // No Origin: a hand-made request without a browser's credentials (Next lets it through too).
    expect(
      refuseServerActionRequest("POST", new Headers({ ...form, "next-action": "abc" })),
    ).toBeNull();
  });

  it("refuses another site's, an opaque or a garbled Origin with 403", () => {
    for (const origin of [
      "http://evil.example",
      "http://app.example:3001",
      "null",
      "not a url",
      "http://app.example:3000.evil.example",
    ]) {
      expect(
        refuseServerActionRequest("POST", new Headers({ ...form, origin, "next-action": "abc" })),
        origin,
      ).toMatchObject({ status: 403 });
      expect(
        refuseServerActionRequest("POST", new Headers({ ...form, origin })),
        origin,
      ).toMatchObject({ status: 403 });
    }
  });

  // Next's ids start with a byte of flags: the arguments the action reads (here the 2nd, a form), or none.
  const readsForm = `60${"ab".repeat(20)}`;
  const readsNothing = `00${"ab".repeat(20)}`;

  it("refuses a call of an action that reads its arguments whose body is not a form (JSON, text) with 400", () => {
    for (const contentType of ["application/json", "text/plain;charset=UTF-8", ""]) {
      expect(
        refuseServerActionRequest(
          "POST",
          new Headers({
            host: "app.example:3000",
            "content-type": contentType,
            "next-action": readsForm,
          }),
        ),
        contentType,
      ).toMatchObject({ status: 400 });
    }
  });

  it("lets through a call of an action that reads no argument (sign out), which Next sends as text", () => {
    expect(
      refuseServerActionRequest(
        "POST",
        new Headers({
          ...form,
          "content-type": "text/plain;charset=UTF-8",
          origin: "http://app.example:3000",
          "next-action": readsNothing,
        }),
      ),
    ).toBeNull();
    // Not an action id at all: Next answers it (404), nothing runs.
    expect(
      refuseServerActionRequest(
        "POST",
        new Headers({ ...form, "content-type": "application/json", "next-action": "abc" }),
      ),
    ).toBeNull();
  });

  it("refuses a form over Next's 1 MB, or one that does not say its length, before anything reads it (only the import route takes more)", () => {
    const sent = (length?: string) =>
      refuseServerActionRequest(
        "POST",
        new Headers({
          ...form,
          origin: "http://app.example:3000",
          "next-action": readsForm,
          ...(length === undefined ? {} : { "content-length": length }),
        }),
      );
    expect(sent(String(1024 * 1024))).toBeNull();
    expect(sent(String(1024 * 1024 + 1))).toMatchObject({ status: 413 });
    expect(sent(String(9_000_000))).toMatchObject({ status: 413 });
    expect(sent("12abc")).toMatchObject({ status: 413 });
    const headers = new Headers({
      ...form,
      origin: "http://app.example:3000",
      "next-action": readsForm,
    });
    headers.delete("content-length");
    expect(refuseServerActionRequest("POST", headers)).toMatchObject({ status: 411 });
  });

  it("leaves every other request alone", () => {
    expect(
      refuseServerActionRequest(
        "GET",
        new Headers({ origin: "http://evil.example", "next-action": "abc" }),
      ),
    ).toBeNull();
    expect(
      refuseServerActionRequest(
        "POST",
        new Headers({ origin: "http://evil.example", "content-type": "application/json" }),
      ),
    ).toBeNull();
  });
});

describe("server action bodies Next could not decode", () => {
  const post = (headers: Record<string, string>, body: BodyInit) =>
    new Request("http://app.example/", { method: "POST", headers, body });

  it("refuses a multipart body that does not parse, or whose encoded arguments are not JSON, with 400", async () => {
    const broken = post(
      {
        "content-type": "multipart/form-data; boundary=xyz",
        "next-action": `60${"ab".repeat(20)}`,
      },
      '--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["x"]',
    );
    expect(await refuseUnreadableActionBody(broken)).toMatchObject({ status: 400 });
    const notJson = new FormData();
    notJson.set("0", "-x");
    expect(
      await refuseUnreadableActionBody(post({ "next-action": `60${"ab".repeat(20)}` }, notJson)),
    ).toMatchObject({ status: 400 });
    const noScript = new FormData();
    noScript.set("$ACTION_1:0", "{not json");
    expect(await refuseUnreadableActionBody(post({}, noScript))).toMatchObject({ status: 400 });
  });

  it("refuses a fetch-action form React did not encode (plain fields, or a reference to a part that is not there) with 400", async () => {
    const plain = new FormData();
    plain.set("email", "a@b.c");
    plain.set("password", "x");
    expect(
      await refuseUnreadableActionBody(post({ "next-action": `60${"ab".repeat(20)}` }, plain)),
    ).toMatchObject({ status: 400 });
    const dangling = new FormData();
    dangling.set("0", JSON.stringify(["$Q1", {}]));
    expect(
      await refuseUnreadableActionBody(post({ "next-action": `60${"ab".repeat(20)}` }, dangling)),
    ).toMatchObject({ status: 400 });
  });

  it("refuses a text body that is not JSON with 400", async () => {
    expect(
      await refuseUnreadableActionBody(
        post(
          { "content-type": "text/plain;charset=UTF-8", "next-action": `00${"ab".repeat(20)}` },
          "--xyz",
        ),
      ),
    ).toMatchObject({ status: 400 });
  });

  it("refuses arguments no page of the app sends: a string, number or null for the form, deep nesting, a list for the state", async () => {
    const call = (root: string) => {
      const form = new FormData();
      form.set("0", root);
      return refuseUnreadableActionBody(post({ "next-action": `60${"ab".repeat(20)}` }, form));
    };
    for (const root of [
      '"a string"',
      "5",
      "null",
      "{}",
      '["$K1", "$K2", "$K3"]',
      '[[], "$K1"]',
      '["not a form"]',
      `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
      `[${"[".repeat(40)}${"]".repeat(40)}, "$K1"]`,
    ]) {
      expect(await call(root), root.slice(0, 40)).toMatchObject({ status: 400 });
    }
    for (const text of [
      "5",
      "null",
      '"x"',
      "{}",
      '[{"x":"$Q1"},"$K1"]',
      '["$F1"]',
      '["$n1e999999"]',
      '["$1:constructor:constructor"]',
    ]) {
      expect(
        await refuseUnreadableActionBody(
          post(
            { "content-type": "text/plain;charset=UTF-8", "next-action": `00${"ab".repeat(20)}` },
            text,
          ),
        ),
        text,
      ).toMatchObject({ status: 400 });
    }
  });

  it("refuses references React would follow that no form of the app sends: in the form state, outlined parts, or a no-JavaScript form's missing part", async () => {
    const call = (parts: Record<string, string>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(parts)) form.set(key, value);
      return refuseUnreadableActionBody(post({ "next-action": `60${"ab".repeat(20)}` }, form));
    };
    for (const state of [
      '{"x":"$Q1"}',
      '{"x":"$F1"}',
      '{"x":"$B1"}',
      '{"x":"$5:a:b"}',
      '{"x":"$0:constructor:constructor"}',
      `{"x":"$n${"9".repeat(100)}"}`,
    ]) {
      expect(await call({ "0": `[${state},"$K1"]`, "1_email": "a@b.c" }), state).toMatchObject({
        status: 400,
      });
    }
    expect(await call({ "0": '["$K1"]', "1": '{"a":1}' })).toMatchObject({ status: 400 });
    const noScript = new FormData();
    noScript.set("$ACTION_REF_1", "");
    noScript.set("$ACTION_1:1", '["$@2"]');
    expect(await refuseUnreadableActionBody(post({}, noScript))).toMatchObject({ status: 400 });
  });

  it("lets a form as the app's pages send it through, and leaves other requests alone", async () => {
    const state = new FormData();
    state.set(
      "0",
      JSON.stringify([
        {
          status: "error",
          message: "Try again",
          code: "$undefined",
          values: { name: "Ana", price: "$$5" },
        },
        "$K1",
      ]),
    );
    state.set("1_name", "Ana");
    expect(
      await refuseUnreadableActionBody(post({ "next-action": `60${"ab".repeat(20)}` }, state)),
    ).toBeNull();
    const form = new FormData();
    form.set("0", JSON.stringify(["$K1"]));
    form.set("1_email", "judge@example.test");
    expect(
      await refuseUnreadableActionBody(post({ "next-action": `60${"ab".repeat(20)}` }, form)),
    ).toBeNull();
    expect(
      await refuseUnreadableActionBody(
        post(
          { "content-type": "text/plain;charset=UTF-8", "next-action": `00${"ab".repeat(20)}` },
          "[]",
        ),
      ),
    ).toBeNull();
    expect(
      await refuseUnreadableActionBody(
        post({ "content-type": "application/json" }, "not json at all"),
      ),
    ).toBeNull();
  });
});
