import { describe, expect, test } from "vitest";

import { Session } from "#db/models/session.server";
import { loader as shellLoader } from "~/routes/_app+/_layout";
import { loader as areasLoader } from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/_index";
import { loader as dashboardLoader } from "~/routes/_app+/dashboard";

import { createClient, createUser, makeRequest, scene } from "../db-utils";

// Each test builds its own clients (names tagged) in the file's fresh database.
async function world() {
  const w = await scene({
    clients: { alpha: "Alpha Pharma", beta: "Beta Bio" },
    areas: {
      neuro: { client: "alpha", name: "Neurology" },
      onco: { client: "alpha", name: "Oncology" },
      betaArea: { client: "beta", name: "Immunology" },
    },
    diseases: { ad: { area: "neuro", name: "Alzheimer's disease" } },
  });
  return { ...w, dormant: await createClient({ name: `Dormant Labs ${w.tag}`, status: "inactive" }) };
}

describe("who sees which clients and areas", () => {
  test("an external user sees only the granted client and areas; one client goes straight to its areas", async () => {
    const w = await world();
    const user = await createUser({
      role: "external",
      permissions: [{ client: w.alpha._id, therapeuticArea: w.neuro._id, diseases: [w.ad._id] }],
    });
    const dashboard = await dashboardLoader({
      request: await makeRequest("http://x/dashboard", { user: user._id }),
      params: {},
      context: {},
    }).catch((e: unknown) => e);
    expect((dashboard as Response).headers.get("Location")).toBe(`/clients/${w.alpha._id}/therapeuticAreas`);

    const request = await makeRequest(`http://x/clients/${w.alpha._id}/therapeuticAreas`, { user: user._id });
    const data = await areasLoader({ request, params: { clientId: String(w.alpha._id) }, context: {} });
    expect(data.areas.map((a) => a.name)).toEqual(["Neurology"]);
    // The shell shows the client of the page (and, with one client, that one), which selects nothing new.
    const shell = await shellLoader({ request, params: {}, context: {} });
    expect(shell.selectedClient?.name).toBe(w.alpha.name);
    expect((await Session.find({ user: user._id }).lean()).map((s) => s.selectedClient)).toEqual([undefined, undefined]);
  });

  test("a foreign or unknown client id redirects home with 'Invalid Client ID'", async () => {
    const w = await world();
    const user = await createUser({ role: "external", permissions: [{ client: w.alpha._id, therapeuticArea: w.neuro._id, diseases: [] }] });
    for (const clientId of [String(w.beta._id), "000000000000000000000000", "not-an-id", String(w.dormant._id)]) {
      const request = await makeRequest(`http://x/clients/${clientId}/therapeuticAreas`, { user: user._id });
      const thrown = await areasLoader({ request, params: { clientId }, context: {} }).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("Location")).toBe("/");
      expect((thrown as Response).headers.get("Set-Cookie")).toContain("__toast=");
    }
  });

  test("the top-level admin sees every active client and all of its areas", async () => {
    const w = await world();
    const owner = await createUser({ role: "admin", isTopAdmin: true });
    const data = (await dashboardLoader({
      request: await makeRequest("http://x/dashboard", { user: owner._id }),
      params: {},
      context: {},
    })) as {
      clients: Array<{ name: string }>;
    };
    const mine = data.clients.map((c) => c.name).filter((name) => name.endsWith(w.tag));
    expect(mine).toEqual([`Alpha Pharma ${w.tag}`, `Beta Bio ${w.tag}`]);
    const request = await makeRequest(`http://x/clients/${w.alpha._id}/therapeuticAreas`, { user: owner._id });
    const areas = await areasLoader({ request, params: { clientId: String(w.alpha._id) }, context: {} });
    expect(areas.areas.map((a) => a.name)).toEqual(["Neurology", "Oncology"]);
  });

  test("an anonymous request is sent to sign in", async () => {
    const w = await world();
    const thrown = await areasLoader({
      request: new Request(`http://x/clients/${w.alpha._id}/therapeuticAreas`),
      params: { clientId: String(w.alpha._id) },
      context: {},
    }).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});
