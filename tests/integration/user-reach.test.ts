import { describe, expect, test } from "vitest";

import { AuditLog, User } from "#db/models/index.server";
import { describeGrants, grantLabel } from "~/models/grants.server";
import { backfillGrantedDiseases, listUsersPage } from "~/models/user.server";
import * as usersList from "~/routes/_app+/administration+/users+/_index";
import * as editUser from "~/routes/_app+/administration+/users+/edit.$userId";
import { action as forgotAction } from "~/routes/_auth+/forgot-password";
import { grantKey } from "~/utils/access";
import { holdsAllGrantsOf } from "~/utils/permissions";
import { getUser } from "~/utils/session.server";

import { callAction, callLoader, createUser, grantsFor, httpStatusOf, scene, sessionCookie, toastsOf, uniqueTag } from "../db-utils";
import { decodedMail, resetLinkIn, useSmtpServer } from "../setup/smtp";

// Issue 24, items 2, 3 and 6: whoever administers users reaches no further through them. An actor sees and acts on a
// user only if every grant of that user lies within the actor's own (decision 018); an e-mail changed by someone else
// ends the user's sessions and is told to the old address, which also gets a reset link asked for within 24 hours; a
// user's History names only the grants the viewer holds.

const smtp = useSmtpServer();

/** The pen test's clients: the editor holds Helix and Northbridge; Aurora is someone else's. */
async function world() {
  const w = await scene({
    clients: { helixClient: "Helix", northbridgeClient: "Northbridge", auroraClient: "Aurora" },
    areas: {
      helixArea: { client: "helixClient", name: "Neurology" },
      northbridgeArea: { client: "northbridgeClient", name: "Neurology" },
      auroraArea: { client: "auroraClient", name: "Neurology" },
    },
    diseases: {
      helix: { area: "helixArea", name: "Alzheimer's" },
      northbridge: { area: "northbridgeArea", name: "Parkinson's" },
      aurora: { area: "auroraArea", name: "ALS" },
    },
    users: {
      top: { role: "admin", isTopAdmin: true, name: { first: "Olivia", last: "Top" } },
      admin: { role: "admin", grants: ["helix", "northbridge"], name: { first: "Marcus", last: "Admin" } },
      editor: { role: "editor", grants: ["helix", "northbridge"], name: { first: "Elena", last: "Editor" } },
    },
  });
  const key = (d: typeof w.helix) => grantKey(d.client, d.therapeuticArea, d._id);
  return { ...w, key };
}

const form = (
  user: { email: string; name?: { first?: string | null; last?: string | null } | null },
  fields: Record<string, string | string[]> = {},
) => ({
  first: user.name?.first ?? "Test",
  last: user.name?.last ?? "User",
  email: user.email,
  role: "external",
  intent: "save",
  grants: [] as string[],
  ...fields,
});
const signedIn = async (cookie: string) => Boolean(await getUser(new Request("http://x/", { headers: { Cookie: cookie } })));

describe("the reach of user administration", () => {
  test("the pen test's takeover fails: an editor cannot see, open or change an external user of a client it does not hold", async () => {
    const w = await world();
    const victim = await createUser({
      role: "external",
      permissions: grantsFor([w.aurora]),
      email: `victim.${uniqueTag()}@aurora.example`,
    });
    const params = { userId: String(victim._id) };
    const cookie = await sessionCookie(victim._id);

    const listed = (await callLoader(usersList, { user: w.editor, url: `/administration/users?q=${victim.email}` })) as {
      rows: unknown[];
    };
    expect(listed.rows).toEqual([]);
    expect(httpStatusOf(await callLoader(editUser, { user: w.editor, params }))).toBe(404);
    const thief = `thief.${uniqueTag()}@example.test`;
    const changed = await callAction(editUser, { user: w.editor, params, form: form(victim, { email: thief, grants: [w.key(w.helix)] }) });
    expect(httpStatusOf(changed)).toBe(404);
    expect(await User.findById(victim._id).lean()).toMatchObject({ email: victim.email, role: "external" });
    expect(await signedIn(cookie), "the victim stays signed in").toBe(true);
    // The reset the thief would ask for goes nowhere: the address is still the victim's.
    await forgotAction({
      request: new Request("http://localhost/forgot-password", { method: "POST", body: new URLSearchParams({ email: thief }) }),
      params: {},
      context: { clientAddress: "10.9.9.9" },
    });
    expect(smtp.mailsTo(thief)).toHaveLength(0);
  });

  test("an admin cannot take over an editor of another client, nor a user who holds part of their access and more", async () => {
    const w = await world();
    const auroraEditor = await createUser({ role: "editor", permissions: grantsFor([w.aurora]) });
    const straddling = await createUser({ role: "external", permissions: grantsFor([w.helix, w.aurora]) });
    for (const target of [auroraEditor, straddling]) {
      const params = { userId: String(target._id) };
      expect(httpStatusOf(await callLoader(editUser, { user: w.admin, params }))).toBe(404);
      expect(
        httpStatusOf(await callAction(editUser, { user: w.admin, params, form: form(target, { email: `x.${uniqueTag()}@example.test` }) })),
      ).toBe(404);
      expect((await User.findById(target._id).lean())?.email).toBe(target.email);
    }
    // The top-level admin reaches both.
    expect(httpStatusOf(await callLoader(editUser, { user: w.top, params: { userId: String(straddling._id) } }))).toBe(200);
  });

  test("role promotion: an editor cannot make an editor of a user holding access it lacks, only of one within its own", async () => {
    const w = await world();
    const beyond = await createUser({ role: "external", permissions: grantsFor([w.helix, w.aurora]) });
    const promoted = await callAction(editUser, {
      user: w.editor,
      params: { userId: String(beyond._id) },
      form: form(beyond, { role: "editor", grants: [w.key(w.helix)] }),
    });
    expect(httpStatusOf(promoted)).toBe(404);
    expect((await User.findById(beyond._id).lean())?.role).toBe("external");

    const within = await createUser({ role: "external", permissions: grantsFor([w.helix]) });
    const done = await callAction(editUser, {
      user: w.editor,
      params: { userId: String(within._id) },
      form: form(within, { role: "editor", grants: [w.key(w.helix)] }),
    });
    expect(await toastsOf(done as Response)).toEqual(["User Updated!"]);
    expect((await User.findById(within._id).lean())?.role).toBe("editor");
  });

  test("the list holds exactly the users the rule lets each actor reach, on every page", async () => {
    const w = await world();
    const tag = uniqueTag();
    const holdings = [[], [w.helix], [w.northbridge], [w.helix, w.northbridge], [w.aurora], [w.helix, w.aurora], [w.northbridge, w.aurora]];
    for (const [i, diseases] of holdings.entries())
      await createUser({ email: `reach${i}.${tag}@example.test`, permissions: grantsFor(diseases) });
    await createUser({ role: "admin", isTopAdmin: true, email: `top.${tag}@example.test` });
    const tagged = (await User.find().lean()).filter((u) => u.email.includes(`.${tag}@`));
    for (const [actor, reached] of [
      [w.top, 8],
      [w.admin, 4],
      [w.editor, 4],
    ] as const) {
      const session = (await getUser(new Request("http://x/", { headers: { Cookie: await sessionCookie(actor._id) } })))!;
      const seen: string[] = [];
      for (let after: string | null | undefined; ;) {
        const page = await listUsersPage({ actor: session, search: tag, page: { size: 2, after } });
        seen.push(...page.items.map((u) => u.email));
        if (!(after = page.next)) break;
      }
      // The query and the rule for one user in hand (the row menu's, each action's) agree.
      const expected = tagged.filter((u) => holdsAllGrantsOf(session, u)).map((u) => u.email);
      expect(seen.sort(), `as ${actor.name?.first}`).toEqual(expected.sort());
      expect(seen.length, `as ${actor.name?.first}`).toBe(reached);
    }
  });
});

describe("an e-mail changed by someone else", () => {
  test("ends the user's sessions, tells the old address, and a reset asked within 24 hours goes to both addresses", async () => {
    const w = await world();
    const old = `ada.${uniqueTag()}@helix.example`;
    const user = await createUser({
      role: "external",
      permissions: grantsFor([w.helix]),
      email: old,
      name: { first: "Ada", last: "Lovelace" },
    });
    const cookie = await sessionCookie(user._id);
    const fresh = `ada.${uniqueTag()}@new.example`;
    const saved = await callAction(editUser, {
      user: w.admin,
      params: { userId: String(user._id) },
      form: form(user, { email: fresh, grants: [w.key(w.helix)] }),
    });
    expect(await toastsOf(saved as Response)).toEqual(["User Updated!"]);
    expect(await signedIn(cookie), "signed out everywhere").toBe(false);

    const [notice] = smtp.mailsTo(old);
    const text = decodedMail(notice!.raw);
    expect(text).toContain("Subject: The e-mail address of your Pharmascope account was changed");
    expect(text).toContain(`Marcus Admin changed the e-mail address of your Pharmascope account from ${old} to a`);
    expect(text).not.toContain(fresh);

    const ask = () =>
      forgotAction({
        request: new Request("http://localhost/forgot-password", { method: "POST", body: new URLSearchParams({ email: fresh }) }),
        params: {},
        context: { clientAddress: `10.8.${Math.floor(Math.random() * 250)}.1` },
      });
    await ask();
    const [toNew, toOld] = [smtp.mailsTo(fresh), smtp.mailsTo(old).slice(1)];
    expect([toNew.length, toOld.length]).toEqual([1, 1]);
    expect(resetLinkIn(toOld[0]!).token).toBe(resetLinkIn(toNew[0]!).token);

    // A day later, the link goes to the account's address only.
    await User.updateOne({ _id: user._id }, { $set: { emailChangedAt: new Date(Date.now() - 25 * 3_600_000) } });
    await ask();
    expect([smtp.mailsTo(fresh).length, smtp.mailsTo(old).length]).toEqual([2, 2]);
  });

  test("an edit that keeps the e-mail keeps the sessions and mails nobody", async () => {
    const w = await world();
    const user = await createUser({ role: "external", permissions: grantsFor([w.helix]), name: { first: "Ada", last: "Lovelace" } });
    const cookie = await sessionCookie(user._id);
    await callAction(editUser, {
      user: w.admin,
      params: { userId: String(user._id) },
      form: form(user, { last: "Byron", grants: [w.key(w.helix)] }),
    });
    expect(await signedIn(cookie)).toBe(true);
    expect(smtp.mailsTo(user.email)).toHaveLength(0);
    expect((await User.findById(user._id).lean())?.previousEmail).toBeUndefined();
  });
});

describe("a user's History", () => {
  test("names only the grants the viewer holds and counts the others", async () => {
    const w = await world();
    const user = await createUser({ role: "external", permissions: grantsFor([w.helix]), name: { first: "Ada", last: "Lovelace" } });
    const params = { userId: String(user._id) };
    const edit = (grants: string[]) => callAction(editUser, { user: w.top, params, form: form(user, { grants }) });
    await edit([w.key(w.helix), w.key(w.aurora), w.key(w.northbridge)]);
    await edit([w.key(w.helix)]);
    const nameOf = async (d: typeof w.helix) => grantLabel((await describeGrants([w.key(d)]))[0]!);
    const [helixName, northbridgeName, auroraName] = [await nameOf(w.helix), await nameOf(w.northbridge), await nameOf(w.aurora)];
    // An entry written before grant keys were kept: matched by name against the viewer's own grants.
    await AuditLog.create({
      entity: "user",
      entityId: user._id,
      entityName: "Ada Lovelace",
      action: "update",
      changes: [{ field: "access removed", before: [helixName, auroraName, "… and 4 more"], after: null }],
    });

    type Page = { history: Array<{ changes: Array<{ field: string; before: unknown; after: unknown }> }> };
    const accessOf = (page: Page) =>
      page.history.flatMap((e) => e.changes.filter((c) => c.field.startsWith("access")).map((c) => [c.field, c.after ?? c.before]));
    const byAdmin = accessOf((await callLoader(editUser, { user: w.admin, params })) as Page);
    expect(byAdmin).toEqual([
      ["access removed", `${helixName}; and 5 grants outside your access`],
      ["access removed", `${northbridgeName}; and 1 grant outside your access`],
      ["access granted", `${northbridgeName}; and 1 grant outside your access`],
    ]);
    expect(JSON.stringify(byAdmin)).not.toContain("Aurora");
    const byTop = accessOf((await callLoader(editUser, { user: w.top, params })) as Page);
    expect(JSON.stringify(byTop)).toContain(auroraName);
  });
});

describe("users saved before the flat list of granted diseases", () => {
  test("are reached by the rule all the same, and get the list once per database", async () => {
    const w = await world();
    const tag = uniqueTag();
    const legacy = (email: string, diseases: Array<typeof w.helix>) =>
      User.collection.insertOne({
        name: { first: "Legacy", last: tag },
        email,
        role: "external",
        status: "active",
        isTopAdmin: false,
        permissions: grantsFor(diseases),
        clients: [],
        searchTokens: ["legacy", tag],
      });
    await legacy(`inside.${tag}@example.test`, [w.helix]);
    await legacy(`outside.${tag}@example.test`, [w.helix, w.aurora]);
    const admin = (await getUser(new Request("http://x/", { headers: { Cookie: await sessionCookie(w.admin._id) } })))!;
    const emails = async () => (await listUsersPage({ actor: admin, search: tag, page: { size: 10 } })).items.map((u) => u.email);
    expect(await emails()).toEqual([`inside.${tag}@example.test`]);
    expect(await backfillGrantedDiseases()).toBeGreaterThanOrEqual(2);
    expect(await backfillGrantedDiseases(), "once per database").toBe(0);
    expect((await User.findOne({ email: `outside.${tag}@example.test` }).lean())?.grantedDiseases?.map(String).sort()).toEqual(
      [String(w.helix._id), String(w.aurora._id)].sort(),
    );
    expect(await emails()).toEqual([`inside.${tag}@example.test`]);
  });
});
