import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormMessage } from "./form-message";

const render = (state: Parameters<typeof FormMessage>[0]["state"]) =>
  renderToStaticMarkup(createElement(FormMessage, { state }));

describe("form messages: the tone says what happened", () => {
  it("a swap that raised a warning (a rematch, a repeated bye) is shown as a warning, not in success green", () => {
    const html = render({
      status: "success",
      message: "Swapped. Check: Ann and Ben played in round 1.",
      isWarning: true,
    });
    expect(html).toContain("bg-amber-50");
    expect(html).not.toContain("emerald");
    expect(html).toContain('role="status"');
  });

  it("a plain success is green and an error is red, announced as an alert", () => {
    expect(render({ status: "success", message: "Swapped." })).toContain("bg-emerald-50");
    expect(render({ status: "error", message: "No." })).toMatch(/role="alert".*bg-red-50/);
    expect(render({ status: "idle" })).toBe("");
  });
});
