import { createElement, Suspense } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { streamHtml } from "~/utils/stream-html.server";

// The HTML answer of every page (app/entry.server.tsx): streamed once its shell is ready, whole for bots and no-JS
// clients, cut off after its timeout — and nothing left behind once a page is rendered.

/** A component that suspends until `ready` resolves (never, if it never does), then shows `text`. */
function later(ready: Promise<unknown>, text: string) {
  let done = false;
  void ready.then(() => (done = true));
  return function Later() {
    if (!done) throw ready;
    return createElement("p", null, text);
  };
}

const page = (child: ReturnType<typeof createElement>) =>
  createElement(
    "main",
    null,
    createElement("h1", null, "Reports"),
    createElement(Suspense, { fallback: createElement("p", null, "Loading…") }, child),
  );

// Timers are counted (and the timeout run) on fake ones; React's own scheduling (setImmediate) stays real.
beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
afterEach(() => void vi.useRealTimers());
const options = (more: Partial<Parameters<typeof streamHtml>[1]> = {}) => ({
  whole: false,
  status: 200,
  headers: new Headers(),
  timeoutMs: 60_000,
  ...more,
});

describe("a page's HTML", () => {
  test("once a page is rendered and sent, no timer of it is left (under load they held thousands of renders)", async () => {
    const answer = await streamHtml(page(createElement("p", null, "Phase board")), options());
    expect(answer.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await answer.text()).toContain("Phase board");
    expect(vi.getTimerCount()).toBe(0);
  });

  test("a browser gets the shell first and the rest as it comes; a bot waits for the whole page", async () => {
    let resolve!: () => void;
    const ready = new Promise<void>((r) => (resolve = r));
    const streamed = await streamHtml(page(createElement(later(ready, "Launch timeline"))), options());
    const reader = streamed.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("Loading…");
    expect(first).not.toContain("Launch timeline");
    resolve();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain("Launch timeline");

    const whole = await streamHtml(page(createElement(later(Promise.resolve(), "Event calendar"))), options({ whole: true }));
    expect(await whole.text()).toContain("Event calendar");
  });

  test("a part that never comes is cut off at the timeout: the page ends with its fallback", async () => {
    const answer = await streamHtml(page(createElement(later(new Promise(() => {}), "never"))), options({ timeoutMs: 6_000 }));
    const html = answer.text();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(6_000);
    expect(await html).toContain("Loading…");
    expect(await html).not.toContain("never");
    expect(vi.getTimerCount()).toBe(0);
    // The server's log says why (the test setup fails a test that leaves a console.error behind).
    expect(vi.mocked(console.error).mock.calls.map((call) => String(call[0]))).toEqual([
      "Error: The page was still rendering after 6000 ms.",
    ]);
    vi.mocked(console.error).mockClear();
  });
});
