// @vitest-environment jsdom
// A trial's registry change log as its edit page shows it: date seen, field, from, to; days as the app writes them.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { TrialRegistryHistory } from "~/components/trial-registry-history";

function rowsOf(history: Parameters<typeof TrialRegistryHistory>[0]["history"]) {
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(h(TrialRegistryHistory, { history }));
  return { host, rows: [...host.querySelectorAll("tr")].map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent)) };
}

describe("registry history", () => {
  test("each change as a row, newest first as given, dates read DD/MM/YYYY", () => {
    const { rows } = rowsOf([
      { id: "2", field: "Primary completion date", previous: "2027-06-01", next: "2028-03-31", seenAt: "2026-11-25T08:30:00.000Z" },
      { id: "1", field: "Enrollment", previous: "", next: "120 (Anticipated)", seenAt: "2026-10-01T10:00:00.000Z" },
    ]);
    expect(rows).toEqual([
      ["Date seen", "Field", "From", "To"],
      ["25/11/2026 08:30 UTC", "Primary completion date", "01/06/2027", "31/03/2028"],
      ["01/10/2026 10:00 UTC", "Enrollment", "—", "120 (Anticipated)"],
    ]);
  });

  test("no changes yet says so", () => {
    const { host, rows } = rowsOf([]);
    expect(rows).toEqual([]);
    expect(host.textContent).toContain("No registry changes recorded yet");
  });
});
