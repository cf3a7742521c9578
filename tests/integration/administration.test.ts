import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";

import { USER_RESTORE_MINUTES } from "#common/constants";
import { fileIdOf, findFile } from "#db/files.server";
import { AuditLog, Client, DeletedUser, Disease, News, Session, TherapeuticArea, User } from "#db/models/index.server";
import { listPermittedClients } from "~/models/permitted-client.server";
import { EMAIL_TAKEN, NOT_HELD, purgeDeletedUsers, verifyLogin } from "~/models/user.server";
import * as clientsList from "~/routes/_app+/administration+/client+/_index";
import * as deleteClient from "~/routes/_app+/administration+/client+/$clientId.delete";
import * as clientStatus from "~/routes/_app+/administration+/client+/$clientId.status";
import * as addClient from "~/routes/_app+/administration+/client+/add";
import * as editClient from "~/routes/_app+/administration+/client+/edit.$clientId";
import * as history from "~/routes/_app+/administration+/history";
import * as usersList from "~/routes/_app+/administration+/users+/_index";
import * as deleteUser from "~/routes/_app+/administration+/users+/$userId.delete";
import * as permissionsOfUser from "~/routes/_app+/administration+/users+/$userId.permissions";
import * as rejectUser from "~/routes/_app+/administration+/users+/$userId.reject";
import * as restoreUser from "~/routes/_app+/administration+/users+/$userId.restore";
import * as unblockUser from "~/routes/_app+/administration+/users+/$userId.unblock";
import * as addUser from "~/routes/_app+/administration+/users+/add";
import * as editUser from "~/routes/_app+/administration+/users+/edit.$userId";
import { grantKey } from "~/utils/access";
import { getUser } from "~/utils/session.server";

import {
  callAction,
  callLoader,
  createArea,
  createClient,
  createDisease,
  createUser,
  grantsFor,
  httpStatusOf,
  locationOf,
  scene,
  sessionCookie,
  toastsOf,
  uniqueTag,
} from "../db-utils";
import { decodedMail, useSmtpServer } from "../setup/smtp";

// The administration console's rules (issue 11), through the routes' loaders and actions on the real database: who
// may do what to whom, grant-what-you-hold, sessions ended on a change of role or access, soft delete with Undo and
// purge, accept and reject with their e-mails, clients with logos and their cascade, and the audit record of each.

const smtp = useSmtpServer();

/** The form errors an action answered with (conform's reply: field name → messages, "" for the form). */
const errorsOf = (result: unknown) => (result as { data: { result: { error?: Record<string, string[]> } } }).data.result.error ?? {};
const loaded = <T>(result: unknown) => result as T;

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: {
      neuro: { client: "alpha", name: "Neurology" },
      cardio: { client: "alpha", name: "Cardiology" },
      betaArea: { client: "beta", name: "Immunology" },
    },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's" },
      pd: { area: "neuro", name: "Parkinson's" },
      hf: { area: "cardio", name: "Heart failure" },
      lupus: { area: "betaArea", name: "Lupus" },
    },
    users: {
      top: { role: "admin", isTopAdmin: true, name: { first: "Olivia", last: "Top" } },
      admin: { role: "admin", grants: ["ad", "pd", "hf"], name: { first: "Marcus", last: "Admin" } },
      editor: { role: "editor", grants: ["ad"], name: { first: "Elena", last: "Editor" } },
      external: { role: "external", grants: ["ad", "lupus"], name: { first: "Arjun", last: "External" } },
    },
  });
  const key = (d: { _id: unknown; therapeuticArea: unknown; client: unknown }) => grantKey(d.client, d.therapeuticArea, d._id);
  return { ...w, key };
}
type World = Awaited<ReturnType<typeof world>>;
const userForm = (
  fields: Partial<Record<"first" | "last" | "email" | "role" | "status" | "intent" | "filter", string>> & { grants?: string[] },
) => ({
  first: "New",
  last: "Person",
  email: `${uniqueTag()}@example.test`,
  role: "external",
  intent: "save",
  ...fields,
  grants: fields.grants ?? [],
});

describe("users: add, edit and the access each may give", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  test("an admin adds a user with access they hold: active, welcome mail, audit record; the list shows them", async () => {
    const email = `new.${uniqueTag()}@example.test`;
    // A disease sent twice is granted once (admin-console §5: diseases de-duplicated; an area without one is no grant).
    const result = await callAction(addUser, { user: w.admin, form: userForm({ email, grants: [w.key(w.ad), w.key(w.hf), w.key(w.ad)] }) });
    expect(locationOf(result)).toBe("/administration/users");
    expect(await toastsOf(result as Response)).toEqual(["User Added!"]);
    const created = await User.findOne({ email }).lean();
    expect(created).toMatchObject({ status: "active", role: "external" });
    expect(created!.clients.map(String)).toEqual([String(w.alpha._id)]);
    expect(created!.permissions.map((p) => [String(p.therapeuticArea), p.diseases.map(String).sort()]).sort()).toEqual(
      [
        [String(w.neuro._id), [String(w.ad._id)]],
        [String(w.cardio._id), [String(w.hf._id)]],
      ].sort(),
    );
    expect(smtp.mailsTo(email)).toHaveLength(1);
    // They never asked for an account: their own welcome, not "your request was approved".
    const welcome = decodedMail(smtp.mailsTo(email)[0]!.raw).replace(/\r?\n/g, " ");
    expect(welcome).toContain("Subject: Your Pharmascope account is ready");
    expect(welcome).toContain(
      "A Pharmascope administrator created an account for you with this e-mail address. Set your password to sign in.",
    );
    expect(welcome).not.toMatch(/request/i);
    const record = await AuditLog.findOne({ entityId: created!._id, action: "create" }).lean();
    expect(record?.actorName).toBe("Marcus Admin");
    expect(record?.changes.find((c) => c.field === "access granted")?.after).toEqual([
      `${w.alpha.name} › Cardiology › Heart failure`,
      `${w.alpha.name} › Neurology › Alzheimer's`,
    ]);
    const list = loaded<Awaited<ReturnType<typeof usersList.loader>>>(
      await callLoader(usersList, { user: w.admin, url: `/administration/users?q=${email}` }),
    );
    expect(list.rows.map((r) => [r.email, r.clients])).toEqual([[email, [w.alpha.name]]]);
  });

  test("a list query that finds nothing is an empty list, never an error: no match, a page past the end, a filter with none", async () => {
    type List = Awaited<ReturnType<typeof usersList.loader>>;
    const list = async (query: string) => {
      const result = await callLoader(usersList, { user: w.admin, url: `/administration/users?${query}` });
      expect(httpStatusOf(result), query).toBe(200);
      return loaded<List>(result);
    };
    expect((await list(`q=${uniqueTag()}-nobody`)).rows).toEqual([]);
    // A stale link: the page after the last user by name (say, once those users were deleted) holds nobody.
    const pastTheEnd = Buffer.from(JSON.stringify(["\uffff", "ffffffffffffffffffffffff"])).toString("base64url");
    const stale = await list(`after=${pastTheEnd}&trail=`);
    expect([stale.rows, stale.next, stale.place.number]).toEqual([[], null, 2]);
    expect((await list(`status=blocked&q=${uniqueTag()}`)).rows).toEqual([]);
    // A token that is not one starts the list over.
    expect((await list("after=not-a-token")).rows.length).toBeGreaterThan(0);
  });

  test("nobody grants what they do not hold, even with a forged form; nothing is saved", async () => {
    const email = `forged.${uniqueTag()}@example.test`;
    const result = await callAction(addUser, { user: w.editor, form: userForm({ email, grants: [w.key(w.ad), w.key(w.lupus)] }) });
    expect(httpStatusOf(result)).toBe(400);
    expect(errorsOf(result).grants).toEqual([NOT_HELD]);
    expect(await User.countDocuments({ email })).toBe(0);
  });

  test("roles: admin only from the top-level admin; required; the email must be free", async () => {
    const asAdmin = await callAction(addUser, { user: w.admin, form: userForm({ role: "admin" }) });
    expect(errorsOf(asAdmin).role).toEqual(["You cannot give this role."]);
    const blank = await callAction(addUser, { user: w.admin, form: userForm({ first: " ", role: "", email: "not-an-email" }) });
    expect(errorsOf(blank)).toMatchObject({ first: ["Field Required"], role: ["Field Required"], email: ["Enter a valid email address"] });
    const taken = await callAction(addUser, { user: w.admin, form: userForm({ email: w.editor.email }) });
    expect(errorsOf(taken).email).toEqual([EMAIL_TAKEN]);
    const promoted = await callAction(addUser, { user: w.top, form: userForm({ role: "admin" }) });
    expect(locationOf(promoted)).toBe("/administration/users");
  });

  test("editing keeps the grants the picker does not offer (a switched-off client's), and an editor may not edit an editor or an admin", async () => {
    // The admin and the user both hold a disease of a client that was switched off: the picker offers only active
    // clients, so that grant is kept as it is while the others follow the form.
    const off = await createDisease(await createArea(await createClient({ status: "inactive" })), { name: "Dormant" });
    const admin = await createUser({ role: "admin", permissions: grantsFor([w.ad, w.pd, off]) });
    const target = await createUser({ role: "external", permissions: grantsFor([w.ad, off]), name: { first: "Arjun", last: "Kept" } });
    const form = userForm({ first: "Arjun", last: "Kept", email: target.email, grants: [w.key(w.pd)] });
    expect(
      loaded<{ hiddenGrants: number }>(await callLoader(editUser, { user: admin, params: { userId: String(target._id) } })).hiddenGrants,
    ).toBe(1);
    const edited = await callAction(editUser, { user: admin, params: { userId: String(target._id) }, form });
    expect(await toastsOf(edited as Response)).toEqual(["User Updated!"]);
    const after = await User.findById(target._id).lean();
    const keys = after!.permissions.flatMap((p) => p.diseases.map((d) => grantKey(p.client, p.therapeuticArea, d))).sort();
    expect(keys).toEqual([w.key(w.pd), w.key(off)].sort());

    // Within the editor's holdings (Alzheimer's), the spec's role rules still refuse an editor and an admin.
    for (const role of ["admin", "editor"] as const) {
      const peer = await createUser({ role, permissions: grantsFor([w.ad]) });
      const refused = await callLoader(editUser, { user: w.editor, params: { userId: String(peer._id) } });
      expect(httpStatusOf(refused), `editor editing ${role}`).toBe(403);
    }
    // The top-level admin holds everything, so nobody else reaches them; they reach everyone.
    expect(httpStatusOf(await callLoader(editUser, { user: w.admin, params: { userId: String(w.top._id) } }))).toBe(404);
    expect(httpStatusOf(await callLoader(editUser, { user: w.top, params: { userId: String(w.admin._id) } }))).toBe(200);
  });

  test("the permissions dialog: the access of a user within the viewer's, no Edit link for an editor's editor, nothing of anyone else", async () => {
    type View = { grants: Array<{ disease: string }>; hidden: number; canEdit: boolean; error?: string };
    const peer = await createUser({ role: "editor", permissions: grantsFor([w.ad]) });
    const seen = (await callLoader(permissionsOfUser, { user: w.editor, params: { userId: String(peer._id) } })) as {
      data: View;
    };
    expect(seen.data).toMatchObject({ grants: [{ disease: "Alzheimer's" }], hidden: 0, canEdit: false });
    // A user who also holds another client's Lupus is beyond the editor: the dialog cannot load them, as if unknown.
    const other = await createUser({ role: "editor", permissions: grantsFor([w.ad, w.lupus]) });
    const beyond = await callLoader(permissionsOfUser, { user: w.editor, params: { userId: String(other._id) } });
    expect([httpStatusOf(beyond), (beyond as { data: View }).data.error]).toEqual([404, "Sorry! We couldn't load the permissions :("]);
    const byTop = (await callLoader(permissionsOfUser, { user: w.top, params: { userId: String(other._id) } })) as { data: View };
    expect(byTop.data).toMatchObject({ hidden: 0, canEdit: true });
    expect(byTop.data.grants.map((g) => g.disease).sort()).toEqual(["Alzheimer's", "Lupus"]);
    const missing = (await callLoader(permissionsOfUser, { user: w.top, params: { userId: "0123456789abcdef01234567" } })) as {
      data: { error: string };
    };
    expect(missing.data.error).toBe("Sorry! We couldn't load the permissions :(");
  });

  test("the picker's buttons without JavaScript re-render the form with the new choice and save nothing", async () => {
    const target = await createUser({ role: "external", permissions: grantsFor([w.ad]) });
    const params = { userId: String(target._id) };
    const base = { first: "Changed", last: "Name", email: target.email, role: "external" };
    const grantsAfter = async (intent: string, grants: string[], filter = "") => {
      const result = (await callAction(editUser, { user: w.admin, params, form: { ...base, intent, grants, filter } })) as unknown as {
        data: { result: { initialValue: { grants: string[]; first: string } }; filter: string };
      };
      expect(result.data.result.initialValue.first).toBe("Changed");
      return result.data.result.initialValue.grants.sort();
    };
    expect(await grantsAfter("grant-all", [])).toEqual([w.key(w.ad), w.key(w.pd), w.key(w.hf)].sort());
    expect(await grantsAfter("reset", [w.key(w.ad)])).toEqual([]);
    expect(await grantsAfter(`select-area:${w.alpha._id}.${w.neuro._id}`, [w.key(w.hf)])).toEqual(
      [w.key(w.ad), w.key(w.pd), w.key(w.hf)].sort(),
    );
    // Choices outside the admin's access are dropped from the re-rendered form too.
    expect(await grantsAfter("filter", [w.key(w.lupus), w.key(w.hf)], "heart")).toEqual([w.key(w.hf)]);
    expect((await User.findById(target._id).lean())!.name?.first).toBe("Test");
  });

  test("Enter without JavaScript saves the user form; typed in a changed filter, it filters and saves nothing", async () => {
    const target = await createUser({ role: "external", permissions: grantsFor([w.ad]) });
    const params = { userId: String(target._id) };
    const enter = (filter: string, filterShown: string) =>
      callAction(editUser, {
        user: w.admin,
        params,
        form: {
          first: "Entered",
          last: "Name",
          email: target.email,
          role: "external",
          grants: [w.key(w.hf)],
          intent: "enter",
          filter,
          filterShown,
        },
      });
    // The filter changed since the form was drawn: Enter was typed in it.
    const filtered = (await enter("heart", "")) as unknown as { data: { result: { initialValue: { first: string } }; filter: string } };
    expect([filtered.data.filter, filtered.data.result.initialValue.first]).toEqual(["heart", "Entered"]);
    expect((await User.findById(target._id).lean())!.name?.first).toBe("Test");
    // The filter as drawn: Enter was typed in another field, and saves.
    const saved = await enter("heart", "heart");
    expect(locationOf(saved)).toBe("/administration/users");
    expect(await toastsOf(saved as Response)).toEqual(["User Updated!"]);
    const user = (await User.findById(target._id).lean())!;
    expect([user.name?.first, user.permissions.flatMap((p) => p.diseases.map(String))]).toEqual(["Entered", [String(w.hf._id)]]);
  });
});

describe("users: sessions end when access shrinks", () => {
  test("a role change, removed access or a block ends the user's sessions; an unrelated edit does not", async () => {
    const w = await world();
    const target = await createUser({ role: "editor", permissions: grantsFor([w.ad, w.pd]) });
    const params = { userId: String(target._id) };
    const signedIn = async () => Boolean(await getUser(new Request("http://x/", { headers: { Cookie: cookie } })));
    const edit = (fields: Record<string, string | string[]>) =>
      callAction(editUser, {
        user: w.top,
        params,
        form: {
          first: "Test",
          last: "Renamed",
          email: target.email,
          role: "editor",
          status: "active",
          intent: "save",
          grants: [w.key(w.ad), w.key(w.pd)],
          ...fields,
        },
      });

    let cookie = await sessionCookie(target._id);
    await edit({});
    expect(await signedIn()).toBe(true);
    await edit({ role: "external" });
    expect(await signedIn()).toBe(false);

    cookie = await sessionCookie(target._id);
    await edit({ role: "external", grants: [w.key(w.ad), w.key(w.pd), w.key(w.hf)] });
    expect(await signedIn(), "more access keeps the session").toBe(true);
    await edit({ role: "external", grants: [w.key(w.ad)] });
    expect(await signedIn()).toBe(false);

    cookie = await sessionCookie(target._id);
    await edit({ role: "external", grants: [w.key(w.ad)], status: "blocked" });
    expect(await signedIn()).toBe(false);
    expect(await Session.countDocuments({ user: target._id })).toBe(0);
    const updates = await AuditLog.find({ entityId: target._id }).sort({ at: 1, _id: 1 }).lean();
    expect(updates.map((u) => u.changes.map((c) => c.field).join(","))).toEqual([
      "last name",
      "role",
      "access granted",
      "access removed",
      "status",
    ]);
  });
});

describe("users: accept, reject, unblock", () => {
  test("accepting a sign-up request makes the person active with the chosen access and mails the welcome link", async () => {
    const w = await world();
    const pending = await createUser({ role: "", status: "pending", name: { first: "Jonah", last: "Pereira" } });
    const params = { userId: String(pending._id) };
    const page = loaded<{ mode: string; defaultValue: { role: string } }>(await callLoader(editUser, { user: w.editor, params }));
    expect(page).toMatchObject({ mode: "accept", defaultValue: { role: "" } });
    const noRole = await callAction(editUser, {
      user: w.editor,
      params,
      form: userForm({ first: "Jonah", last: "Pereira", email: pending.email, role: "" }),
    });
    expect(errorsOf(noRole).role).toEqual(["Field Required"]);
    const accepted = await callAction(editUser, {
      user: w.editor,
      params,
      form: userForm({ first: "Jonah", last: "Pereira", email: pending.email, grants: [w.key(w.ad)] }),
    });
    expect(await toastsOf(accepted as Response)).toEqual(["User Accepted!"]);
    expect(await User.findById(pending._id).lean()).toMatchObject({ status: "active", role: "external" });
    const [mail] = smtp.mailsTo(pending.email);
    expect(mail?.raw).toContain("Your request for a Pharmascope account was approved.");
    expect((await AuditLog.findOne({ entityId: pending._id }).lean())?.action).toBe("accept");
  });

  test("rejecting stores the reason and mails it only when asked", async () => {
    const w = await world();
    const [told, untold] = [await createUser({ role: "", status: "pending" }), await createUser({ role: "", status: "pending" })];
    const empty = await callAction(rejectUser, { user: w.admin, params: { userId: String(told._id) }, form: { reason: "  " } });
    expect(errorsOf(empty).reason).toEqual(["Field Required"]);
    const done = await callAction(rejectUser, {
      user: w.admin,
      params: { userId: String(told._id) },
      form: { reason: "Not a customer", notify: "on" },
    });
    expect(await toastsOf(done as Response)).toEqual(["User rejected successfully!"]);
    await callAction(rejectUser, { user: w.admin, params: { userId: String(untold._id) }, form: { reason: "Duplicate request" } });
    expect(await User.findById(told._id).lean()).toMatchObject({ status: "terminated", rejectReason: "Not a customer" });
    expect(smtp.mailsTo(told.email)[0]?.raw).toContain("Reason: Not a customer");
    expect(smtp.mailsTo(untold.email)).toHaveLength(0);
    const rejected = await AuditLog.findOne({ entityId: told._id, action: "reject" }).lean();
    expect(rejected?.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "status", before: "pending", after: "terminated" })]),
    );
    // An active user is no sign-up request: nothing to reject.
    const active = await createUser({ permissions: grantsFor([w.ad]) });
    expect(
      httpStatusOf(await callAction(rejectUser, { user: w.admin, params: { userId: String(active._id) }, form: { reason: "x" } })),
    ).toBe(403);
  });

  test("only the top-level admin unblocks, and only a blocked user", async () => {
    const w = await world();
    const blocked = await createUser({ status: "blocked" });
    const params = { userId: String(blocked._id) };
    expect(httpStatusOf(await callAction(unblockUser, { user: w.admin, params, form: {} }))).toBe(403);
    const done = await callAction(unblockUser, { user: w.top, params, form: {} });
    expect(await toastsOf(done as Response)).toEqual(["User Unblocked."]);
    expect((await User.findById(blocked._id).lean())?.status).toBe("active");
    expect(await AuditLog.findOne({ entityId: blocked._id, action: "unblock" }).lean()).toMatchObject({
      actor: w.top._id,
      changes: [expect.objectContaining({ field: "status", before: "blocked", after: "active" })],
    });
    expect(httpStatusOf(await callAction(unblockUser, { user: w.top, params, form: {} }))).toBe(403);
  });
});

describe("users: delete, Undo and purge", () => {
  test("Delete asks first, as every delete does: the confirmation names the user and changes nothing; confirmed, back to the list's view", async () => {
    const w = await world();
    const target = await createUser({ password: "Correct#Horse1", name: { first: "Del", last: "Eted" } });
    const params = { userId: String(target._id) };
    const view = "/administration/users?status=active&q=Del";
    const asked = await callLoader(deleteUser, {
      user: w.top,
      url: `/administration/users/${target._id}/delete?redirectTo=${encodeURIComponent(view)}`,
      params,
    });
    expect(asked).toEqual({ name: "Del Eted", back: view });
    expect(httpStatusOf(await callLoader(deleteUser, { user: w.admin, params }))).toBe(403);
    expect(await verifyLogin({ email: target.email, password: "Correct#Horse1" })).not.toBeNull();
    const deleted = await callAction(deleteUser, { user: w.top, params, form: { redirectTo: view } });
    expect(locationOf(deleted)).toBe(view);
    expect(await verifyLogin({ email: target.email, password: "Correct#Horse1" })).toBeNull();
  });

  test("a deleted user is signed out, hidden and cannot sign in; Undo restores them within the grace period", async () => {
    const w = await world();
    const target = await createUser({ password: "Correct#Horse1", name: { first: "Del", last: "Eted" } });
    const params = { userId: String(target._id) };
    await sessionCookie(target._id);
    expect(httpStatusOf(await callAction(deleteUser, { user: w.admin, params, form: {} }))).toBe(403);
    const deleted = (await callAction(deleteUser, { user: w.top, params, form: {} })) as Response;
    const { toasts } = await (
      await import("~/utils/toast.server")
    ).getToasts(new Request("http://x/", { headers: { Cookie: deleted.headers.get("Set-Cookie")!.split(";")[0]! } }));
    expect(toasts.map((t) => [t.message, t.action])).toEqual([
      ["User Deleted", { label: "Undo", post: `/administration/users/${target._id}/restore` }],
    ]);
    expect(await Session.countDocuments({ user: target._id })).toBe(0);
    expect(await verifyLogin({ email: target.email, password: "Correct#Horse1" })).toBeNull();
    const list = loaded<Awaited<ReturnType<typeof usersList.loader>>>(
      await callLoader(usersList, { user: w.top, url: `/administration/users?q=${target.email}` }),
    );
    expect(list.rows).toEqual([]);

    expect(httpStatusOf(await callAction(restoreUser, { user: w.admin, params, form: {} }))).toBe(403);
    const restored = await callAction(restoreUser, { user: w.top, params, form: {} });
    expect(await toastsOf(restored as Response)).toEqual(["User restored."]);
    expect(await verifyLogin({ email: target.email, password: "Correct#Horse1" })).not.toBeNull();
    expect((await AuditLog.find({ entityId: target._id }).sort({ at: 1, _id: 1 }).lean()).map((a) => a.action)).toEqual([
      "delete",
      "restore",
    ]);
  });

  test("after the grace period the user is purged for good and Undo says it is too late", async () => {
    const w = await world();
    const target = await createUser();
    const params = { userId: String(target._id) };
    await callAction(deleteUser, { user: w.top, params, form: {} });
    expect(await User.countDocuments({ _id: target._id })).toBe(0);
    await purgeDeletedUsers(new Date(Date.now() + (USER_RESTORE_MINUTES - 1) * 60_000));
    expect(await DeletedUser.countDocuments({ _id: target._id })).toBe(1);
    await purgeDeletedUsers(new Date(Date.now() + (USER_RESTORE_MINUTES + 1) * 60_000));
    expect(await DeletedUser.countDocuments({ _id: target._id })).toBe(0);
    expect((await AuditLog.findOne({ entityId: target._id, action: "purge" }).lean())?.actorName).toBe("Pharmascope");
    const late = await callAction(restoreUser, { user: w.top, params, form: {} });
    expect(await toastsOf(late as Response)).toEqual(["This user can no longer be restored."]);
  });

  test("Undo refuses while a new user holds the deleted user's email, and works once it is free again", async () => {
    const w = await world();
    const target = await createUser({ password: "Correct#Horse1" });
    const params = { userId: String(target._id) };
    await callAction(deleteUser, { user: w.top, params, form: {} });
    const newcomer = await createUser({ email: target.email });
    expect(await toastsOf((await callAction(restoreUser, { user: w.top, params, form: {} })) as Response)).toEqual([EMAIL_TAKEN]);
    expect(await DeletedUser.countDocuments({ _id: target._id })).toBe(1);
    await User.deleteOne({ _id: newcomer._id });
    expect(await toastsOf((await callAction(restoreUser, { user: w.top, params, form: {} })) as Response)).toEqual(["User restored."]);
    expect((await verifyLogin({ email: target.email, password: "Correct#Horse1" }))?.id).toBe(String(target._id));
  });
});

describe("clients", () => {
  const png = () =>
    sharp({ create: { width: 640, height: 320, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
  const postMultipart = (
    route: { action: (args: never) => unknown },
    user: unknown,
    form: Record<string, string>,
    logo?: { bytes: Uint8Array; name: string },
    params: Record<string, string> = {},
  ) =>
    callAction(route, {
      user,
      form,
      params,
      files: logo ? { logo: new File([new Uint8Array(logo.bytes)], logo.name, { type: "image/png" }) } : {},
    });

  test("only the top-level admin reaches the clients screens", async () => {
    const w = await world();
    for (const user of [w.admin, w.editor]) expect(httpStatusOf(await callLoader(clientsList, { user }))).toBe(403);
    const list = loaded<{ clients: Array<{ name: string; status: string }> }>(await callLoader(clientsList, { user: w.top }));
    expect(list.clients.map((c) => c.name)).toEqual(expect.arrayContaining([w.alpha.name, w.beta.name]));
  });

  test("adding a client: name required, the logo checked from its bytes and stored re-encoded with thumbnails, contacts kept", async () => {
    const w = await world();
    const missing = await postMultipart(addClient, w.top._id, { name: "", status: "active" });
    expect(errorsOf(missing).name).toEqual(["Field Required"]);
    const disguised = await postMultipart(
      addClient,
      w.top._id,
      { name: "Disguised", status: "active" },
      { bytes: new TextEncoder().encode("<svg onload=alert(1)>"), name: "logo.png" },
    );
    expect(errorsOf(disguised).logo).toEqual(["Choose a PNG, JPEG, GIF or WebP image."]);
    expect(await Client.countDocuments({ name: "Disguised" })).toBe(0);

    const name = `Zeta ${uniqueTag()}`;
    const added = await postMultipart(
      addClient,
      w.top._id,
      {
        name,
        status: "active",
        "contacts[0].name": "Ann Lee",
        "contacts[0].email": "ann@zeta.example",
        "contacts[0].title": "CEO",
        "contacts[1].name": "",
      },
      { bytes: await png(), name: "zeta.png" },
    );
    expect(await toastsOf(added as Response)).toEqual(["Client Added!"]);
    const client = await Client.findOne({ name }).lean();
    expect(client?.contacts).toEqual([{ name: "Ann Lee", email: "ann@zeta.example", title: "CEO" }]);
    for (const [url, width] of [
      [client!.logo, 512],
      [client!.thumbnails?.w80, 80],
      [client!.thumbnails?.w200, 200],
    ] as const) {
      const file = await findFile(fileIdOf(url)!);
      expect(file?.metadata).toMatchObject({ contentType: "image/png", purpose: "client-logo", owner: String(client!._id), width });
    }
    expect((await AuditLog.findOne({ entityId: client!._id }).lean())?.action).toBe("create");
  });

  test("a contacts list intent re-renders the form without saving", async () => {
    const w = await world();
    const result = (await postMultipart(addClient, w.top._id, {
      name: "Pending insert",
      status: "active",
      __intent__: JSON.stringify({ type: "insert", payload: { name: "contacts" } }),
    })) as {
      data: { result: { initialValue: { contacts?: unknown[] } } };
    };
    expect(result.data.result.initialValue.contacts).toHaveLength(1);
    expect(await Client.countDocuments({ name: "Pending insert" })).toBe(0);
  });

  test("editing replaces the logo and removes the old files; the status switch hides an inactive client from its users", async () => {
    const w = await world();
    const params = { clientId: String(w.alpha._id) };
    await postMultipart(editClient, w.top._id, { name: w.alpha.name, status: "active" }, { bytes: await png(), name: "a.png" }, params);
    const first = (await Client.findById(w.alpha._id).lean())!.logo!;
    const updated = await postMultipart(
      editClient,
      w.top._id,
      { name: `${w.alpha.name} Renamed`, status: "active" },
      { bytes: await png(), name: "b.png" },
      params,
    );
    expect(await toastsOf(updated as Response)).toEqual(["Client updated!"]);
    expect(await findFile(fileIdOf(first)!)).toBeNull();
    const history = loaded<{ history: Array<{ action: string; changes: Array<{ field: string }> }> }>(
      await callLoader(editClient, { user: w.top, params }),
    );
    expect(history.history[0]?.changes.map((c) => c.field)).toEqual(["name"]);

    const off = await callAction(clientStatus, { user: w.top, params, form: { status: "inactive" } });
    expect(await toastsOf(off as Response)).toEqual(["Client inactive!"]);
    const session = await User.findById(w.external._id).lean();
    expect((await listPermittedClients({ user: session as never })).map((c) => c.id)).toEqual([String(w.beta._id)]);
    const on = await callAction(clientStatus, { user: w.top, params, form: { status: "active" } });
    expect(await toastsOf(on as Response)).toEqual(["Client active!"]);
    const switches = await AuditLog.find({ entityId: w.alpha._id, action: "status" }).sort({ at: 1, _id: 1 }).lean();
    expect(switches.map((r) => r.changes.map((c) => `${c.before} → ${c.after}`))).toEqual([["active → inactive"], ["inactive → active"]]);
  });

  test("deleting a client says what goes with it, then removes its areas, diseases, news and everyone's access to it", async () => {
    const w = await world();
    await News.create({ title: "Alpha news", client: w.alpha._id, status: "published", publishedAt: new Date() });
    await sessionCookie(w.external._id); // a browser of theirs, working in Alpha
    await Session.updateMany({ user: w.external._id }, { $set: { selectedClient: w.alpha._id } });
    // A user in the bin (deleted, still restorable) comes back without the deleted client.
    const binned = await createUser({ role: "external", permissions: grantsFor([w.ad, w.lupus]) });
    await callAction(deleteUser, { user: w.top, params: { userId: String(binned._id) }, form: {} });
    const params = { clientId: String(w.alpha._id) };
    const page = loaded<{ impact: Record<string, number> }>(await callLoader(deleteClient, { user: w.top, params }));
    expect(page.impact).toMatchObject({ areas: 2, diseases: 3, news: 1, users: 3 });
    const done = await callAction(deleteClient, { user: w.top, params, form: {} });
    expect(await toastsOf(done as Response)).toEqual(["Client Deleted"]);
    expect(await TherapeuticArea.countDocuments({ client: w.alpha._id })).toBe(0);
    expect(await Disease.countDocuments({ client: w.alpha._id })).toBe(0);
    expect(await News.countDocuments({ client: w.alpha._id })).toBe(0);
    const external = await User.findById(w.external._id).lean();
    expect(external!.clients.map(String)).toEqual([String(w.beta._id)]);
    expect(await Session.countDocuments({ selectedClient: w.alpha._id })).toBe(0);
    expect(await Client.countDocuments({ _id: w.beta._id })).toBe(1);
    await callAction(restoreUser, { user: w.top, params: { userId: String(binned._id) }, form: {} });
    const back = await User.findById(binned._id).lean();
    expect([back!.clients.map(String), back!.permissions.map((p) => String(p.client))]).toEqual([
      [String(w.beta._id)],
      [String(w.beta._id)],
    ]);
    const log = loaded<{ rows: Array<{ action: string; entityName?: string }> }>(
      await callLoader(history, { user: w.top, url: "/administration/history?entity=client&action=delete" }),
    );
    expect(log.rows.map((r) => r.entityName)).toContain(w.alpha.name);
  });
});
