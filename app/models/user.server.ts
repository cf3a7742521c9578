import { USER_RESTORE_MINUTES, type Role, type UserStatus } from "#common/constants";
import { isObjectId } from "#common/ids";
import { searchTokens } from "#common/search";
import { connectDb, totalOrder, trusted } from "#db/connection.server";
import { DeletedUser, Disease, PasswordReset, Session } from "#db/models/index.server";
import { grantedDiseasesOf, User } from "#db/models/user.server";
import { treeKeys } from "~/utils/access";
import { actionEmail, sendEmail } from "~/utils/email.server";
import { sendPasswordLink } from "~/utils/password-reset.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { grantedDiseaseIds, holdsAllGrantsOf, type Actor } from "~/utils/permissions";
import { endOtherSessions, type SessionUser } from "~/utils/session.server";

import { historyOf, recordChange } from "./audit.server";
import { backfillOnce } from "./backfill.server";
import { describeGrants, grantKeys, grantLabel, holdingsOf, mergeGrants, permissionsFromKeys } from "./grants.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";

// Users: the account screens act on the user they are given (the caller's own session user, or a user found by a
// token or an email); the administration console (below) lists and edits the others, each change audited.

/** The account signing in with this email and whether the password matches (checked against a dummy hash when there
 *  is no such account, so both paths take as long and timing reveals nothing). */
export async function verifyLogin({ email, password }: { email: string; password: string }) {
  await connectDb();
  const user = await User.findOne({ email }).select("+passwordHash status").lean();
  const matches = await verifyPassword(password, user?.passwordHash);
  return user && matches ? { id: String(user._id), status: user.status } : null;
}

export async function verifyUserPassword({ user, password }: { user: SessionUser; password: string }) {
  await connectDb();
  const stored = await User.findById(user._id).select("+passwordHash").lean();
  return verifyPassword(password, stored?.passwordHash);
}

export async function setPassword({ userId, password }: { userId: string; password: string }) {
  await connectDb();
  await User.updateOne({ _id: userId }, { $set: { passwordHash: await hashPassword(password) } });
}

/** An active account for a password link; null for any other email, so the form reveals no accounts. */
export async function findActiveUserByEmail(email: string) {
  await connectDb();
  return User.findOne({ email, status: "active" }).select("name email previousEmail emailChangedAt").lean();
}

/** A sign-up request: a pending user without a password. An existing email (pending or not) changes nothing. */
export async function createSignUpRequest({ first, last, email }: { first: string; last: string; email: string }) {
  await connectDb();
  await User.updateOne(
    { email },
    {
      $setOnInsert: {
        name: { first, last },
        role: "",
        status: "pending",
        permissions: [],
        clients: [],
        grantedDiseases: [],
        searchTokens: searchTokens(first, last, email),
      },
    },
    { upsert: true },
  );
}

// ---- The administration console (admin-console §3–§8) ----

export const USER_SORTS = { name: "name.first", email: "email" } as const;
export type UserSort = keyof typeof USER_SORTS;

/**
 * The users `actor` may see and act on in the console, as a filter (decision 018): the top-level admin every user;
 * anyone else never the top-level admin, nor a user granted any disease the actor does not hold. Engines do not agree
 * on "every element of an array in a set" (FerretDB 1.24 answers `$not`/`$elemMatch` differently from MongoDB), so it
 * is asked as "none in the other diseases", on the flat `grantedDiseases`. `holdsAllGrantsOf` then checks each user
 * found: the one rule, exact whatever the filter lets through (a user saved before `grantedDiseases` existed, a grant of
 * a disease deleted since). `prefix` reads the user under another path (the bin's "user.").
 */
async function manageableBy(actor: SessionUser, prefix = ""): Promise<Record<string, unknown>> {
  if (actor.isTopAdmin) return {};
  const held = [...grantedDiseaseIds(actor)];
  const others = await Disease.find({ _id: trusted({ $nin: held }) })
    .select("_id")
    .lean();
  return { [`${prefix}isTopAdmin`]: trusted({ $ne: true }), [`${prefix}grantedDiseases`]: trusted({ $nin: others.map((d) => d._id) }) };
}
const reaches = (actor: SessionUser) => (user: Actor) => holdsAllGrantsOf(actor, user);

/** One page of the user list (admin-console "User management") of the users `actor` may manage (`manageableBy`), by
 *  first name or email, optionally of one status and matching the words typed (name or email). Served by
 *  { status?, field, _id } or the words' index. */
export async function listUsersPage({
  actor,
  status,
  search,
  sort = "name",
  direction = 1,
  page,
}: {
  actor: SessionUser;
  status?: UserStatus;
  search?: string;
  sort?: UserSort;
  direction?: 1 | -1;
  page: PageRequest;
}) {
  await connectDb();
  const filter = { ...(status ? { status } : {}), ...wordsFilter(search), ...(await manageableBy(actor)) };
  const found = await findPage(User, filter, {
    field: USER_SORTS[sort],
    direction,
    select: "name email role status isTopAdmin permissions clients",
    page,
    fenced: true,
  });
  return { ...found, items: found.items.filter(reaches(actor)) };
}

const MANAGED_FIELDS = "name email role status isTopAdmin permissions clients rejectReason createdAt";

const managedUser = (filter: Record<string, unknown>) => User.findOne(filter).select(MANAGED_FIELDS).lean();
export type ManagedUserDoc = NonNullable<Awaited<ReturnType<typeof managedUser>>>;

/** A user `actor` may manage (`manageableBy`) — or, with `deleted`, one deleted and still restorable (from the bin).
 *  Anyone else is null, as an unknown id is. */
export async function findManagedUser({
  actor,
  id,
  deleted = false,
}: {
  actor: SessionUser;
  id: string | undefined;
  deleted?: boolean;
}): Promise<ManagedUserDoc | null> {
  if (!isObjectId(id)) return null;
  await connectDb();
  const since = new Date(Date.now() - USER_RESTORE_MINUTES * 60_000);
  const found = deleted
    ? ((await DeletedUser.findOne({ _id: id, deletedAt: trusted({ $gte: since }), ...(await manageableBy(actor, "user.")) }).lean())
        ?.user as ManagedUserDoc | undefined)
    : await managedUser({ _id: id, ...(await manageableBy(actor)) });
  return found && reaches(actor)(found) ? found : null;
}

/** A refusal that belongs to one field of the user form (or the form itself: ""). */
export class UserFormError extends Error {
  constructor(
    readonly field: "email" | "grants" | "",
    message: string,
  ) {
    super(message);
  }
}
export const EMAIL_TAKEN = "A user with this email already exists.";
export const NOT_HELD = "You can only grant access you hold yourself.";

export interface UserValues {
  first: string;
  last: string;
  email: string;
  role: Exclude<Role, "">;
  /** Grant keys "client.area.disease" chosen in the picker. */
  grants: string[];
  /** Only when the editing admin may set it (userActionsOf(…).setStatus). */
  status?: Exclude<UserStatus, "pending">;
}

/** What the audit trail shows of a user. */
const auditView = (u: {
  name?: { first?: string | null; last?: string | null } | null;
  email: string;
  role?: string | null;
  status: string;
  rejectReason?: string | null;
}) => ({
  "first name": u.name?.first ?? "",
  "last name": u.name?.last ?? "",
  email: u.email,
  role: u.role || "(none)",
  status: u.status,
  ...(u.rejectReason ? { "reject reason": u.rejectReason } : {}),
});
export const userFullName = (u: { name?: { first?: string | null; last?: string | null } | null; email: string }) =>
  `${u.name?.first ?? ""} ${u.name?.last ?? ""}`.trim() || u.email;

const ACCESS_FIELDS = { granted: "access granted", removed: "access removed" } as const;
const LISTED_GRANTS = 100;
const moreLine = (count: number) => `… and ${count} more`;

/** The access granted and removed by a change, as readable lists (at most LISTED_GRANTS names each, then a count),
 *  with the key of every grant (`keys`: the named ones first, in their order), so that a History panel shows each
 *  viewer only the grants they hold (`userHistoryFor`). */
async function accessChanges(before: ReadonlySet<string>, after: ReadonlySet<string>) {
  const listed = async (keys: string[]) => {
    const named = await describeGrants(keys.slice(0, LISTED_GRANTS));
    const rest = keys.slice(LISTED_GRANTS);
    return {
      names: [...named.map(grantLabel), ...(rest.length ? [moreLine(rest.length)] : [])],
      keys: [...named.map((g) => g.key), ...rest],
    };
  };
  const added = [...after].filter((k) => !before.has(k));
  const removed = [...before].filter((k) => !after.has(k));
  const [granted, taken] = [added.length ? await listed(added) : null, removed.length ? await listed(removed) : null];
  return [
    ...(granted ? [{ field: ACCESS_FIELDS.granted, before: null, after: granted.names, keys: granted.keys }] : []),
    ...(taken ? [{ field: ACCESS_FIELDS.removed, before: taken.names, after: null, keys: taken.keys }] : []),
  ];
}

type HistoryChange = { field: string; before?: unknown; after?: unknown; keys?: string[] | null };

/**
 * An access change as a viewer may read it: the names of the grants they hold, a count of the rest ("and 3 grants
 * outside your access"). Entries written before keys were kept are matched by name against the viewer's own grants.
 */
function redactAccess(change: HistoryChange, held: { keys: ReadonlySet<string>; labels: ReadonlySet<string> }): HistoryChange {
  if (change.field !== ACCESS_FIELDS.granted && change.field !== ACCESS_FIELDS.removed) return change;
  const side = change.field === ACCESS_FIELDS.granted ? "after" : "before";
  const names = (Array.isArray(change[side]) ? change[side] : []) as string[];
  const shown: string[] = [];
  let more = 0;
  let outside = 0;
  if (change.keys?.length) {
    change.keys.forEach((key, i) => {
      if (!held.keys.has(key)) outside++;
      else if (i < LISTED_GRANTS && names[i] !== undefined) shown.push(names[i]);
      else more++;
    });
  } else {
    for (const name of names) {
      const unlisted = /^… and (\d+) more$/.exec(name);
      if (unlisted) outside += Number(unlisted[1]);
      else if (held.labels.has(name)) shown.push(name);
      else outside++;
    }
  }
  const list = [
    ...shown,
    ...(more ? [moreLine(more)] : []),
    ...(outside ? [`and ${outside} grant${outside === 1 ? "" : "s"} outside your access`] : []),
  ];
  return { field: change.field, before: side === "before" ? list : null, after: side === "after" ? list : null };
}

/** The History panel of a user's edit page as `viewer` sees it: access granted or removed named only where the viewer
 *  holds the grant (the top-level admin: all of it). */
export async function userHistoryFor({ viewer, target }: { viewer: SessionUser; target: ManagedUserDoc }) {
  const entries = await historyOf({ entity: "user", entityId: String(target._id) });
  if (viewer.isTopAdmin) return entries;
  const tree = await holdingsOf(viewer);
  const held = {
    keys: new Set(treeKeys(tree)),
    labels: new Set(
      tree.clients.flatMap((c) =>
        c.areas.flatMap((a) => a.diseases.map((d) => grantLabel({ client: c.name, area: a.name, disease: d.name }))),
      ),
    ),
  };
  return entries.map((entry) => ({ ...entry, changes: entry.changes.map((change) => redactAccess(change, held)) }));
}

/** The grants `actor` holds in active clients, as keys: what the permissions picker offers, the only ones they may give. */
export async function heldKeys(actor: SessionUser) {
  return new Set(treeKeys(await holdingsOf(actor)));
}

export async function emailTaken(email: string, except?: unknown) {
  return Boolean(await User.exists({ email, ...(except ? { _id: trusted({ $ne: except }) } : {}) }));
}

/** E11000 on the unique email index: another request saved the same email first. */
const isDuplicateEmail = (error: unknown) => (error as { code?: number })?.code === 11000;

/**
 * Adds an active user with the chosen role and access (only access `actor` holds) and e-mails them the welcome link
 * to set their password. Refusals: UserFormError.
 */
export async function createManagedUser({ actor, values }: { actor: SessionUser; values: UserValues }) {
  await connectDb();
  await purgeDeletedUsers();
  const { keys, refused } = mergeGrants({ current: [], held: await heldKeys(actor), chosen: values.grants });
  if (refused.length) throw new UserFormError("grants", NOT_HELD);
  if (await emailTaken(values.email)) throw new UserFormError("email", EMAIL_TAKEN);
  const user = new User({
    name: { first: values.first, last: values.last },
    email: values.email,
    role: values.role,
    status: "active",
    permissions: permissionsFromKeys(keys),
    createdBy: actor._id,
  });
  try {
    await user.save();
  } catch (error) {
    if (isDuplicateEmail(error)) throw new UserFormError("email", EMAIL_TAKEN);
    throw error;
  }
  await sendPasswordLink(user, "created");
  await recordChange({
    actor,
    entity: "user",
    entityId: user._id,
    entityName: userFullName(user),
    action: "create",
    after: auditView(user),
    extra: await accessChanges(new Set(), keys),
  });
  return String(user._id);
}

/** "j•••@example.com": enough for the old owner of an address to recognise the new one, not to read it off. */
const maskedEmail = (email: string) => email.replace(/^(.)[^@]*/, "$1•••");

/** A notice to a user's address, greeting them by first name; nothing to act on, only to read. */
const noticeTo = (target: ManagedUserDoc, subject: string, lines: string[]) =>
  sendEmail(actionEmail({ to: target.email, subject, greeting: target.name?.first ? `Hello ${target.name.first},` : "Hello,", lines }));

/** Tells the previous address of an account that someone else changed it (the classic first step of a takeover). */
function emailChangeNotice({ actor, target, email }: { actor: SessionUser; target: ManagedUserDoc; email: string }) {
  return noticeTo(target, "The e-mail address of your Pharmascope account was changed", [
    `${userFullName(actor)} changed the e-mail address of your Pharmascope account from ${target.email} to ${maskedEmail(email)}, and your account was signed out everywhere.`,
    "If you did not expect this, contact your administrator at once.",
  ]);
}

/**
 * Saves the user form over `target`: names, email, role, status (when given) and the access inside `actor`'s holdings
 * (access outside them stays). `accept` makes a pending user active and e-mails the welcome link. A changed role,
 * e-mail or status, or removed access, ends the user's sessions at once; a changed e-mail is also told to the old
 * address, and kept as `previousEmail` so a password reset soon after goes there too.
 */
export async function updateManagedUser({
  actor,
  target,
  values,
  accept = false,
}: {
  actor: SessionUser;
  target: ManagedUserDoc;
  values: UserValues;
  accept?: boolean;
}) {
  await connectDb();
  const before = grantKeys(target.permissions);
  const { keys, refused } = mergeGrants({ current: before, held: await heldKeys(actor), chosen: values.grants });
  if (refused.length) throw new UserFormError("grants", NOT_HELD);
  if (values.email !== target.email && (await emailTaken(values.email, target._id))) throw new UserFormError("email", EMAIL_TAKEN);
  const doc = await User.findOne({ _id: target._id });
  if (!doc) throw new Response("No such user.", { status: 404 });
  const status = accept ? "active" : (values.status ?? doc.status);
  const emailChanged = values.email !== target.email;
  doc.set({
    name: { first: values.first, last: values.last },
    email: values.email,
    role: values.role,
    status,
    permissions: permissionsFromKeys(keys),
  });
  if (emailChanged) doc.set({ previousEmail: target.email, emailChangedAt: new Date() });
  try {
    await doc.save();
  } catch (error) {
    if (isDuplicateEmail(error)) throw new UserFormError("email", EMAIL_TAKEN);
    throw error;
  }
  const lostAccess = [...before].some((k) => !keys.has(k));
  if (emailChanged || lostAccess || doc.role !== target.role || (doc.status !== target.status && doc.status !== "active"))
    await endOtherSessions(String(doc._id));
  if (emailChanged) await emailChangeNotice({ actor, target, email: values.email });
  if (accept) await sendPasswordLink(doc, "approved");
  await recordChange({
    actor,
    entity: "user",
    entityId: doc._id,
    entityName: userFullName(doc),
    action: accept ? "accept" : "update",
    before: auditView(target),
    after: auditView(doc),
    extra: await accessChanges(before, keys),
  });
}

/** Turns down a sign-up request: the user is terminated with the reason, and told by e-mail when `notify`. */
export async function rejectManagedUser({
  actor,
  target,
  reason,
  notify,
}: {
  actor: SessionUser;
  target: ManagedUserDoc;
  reason: string;
  notify: boolean;
}) {
  await connectDb();
  await User.updateOne({ _id: target._id, status: "pending" }, { $set: { status: "terminated", rejectReason: reason } });
  if (notify) {
    await noticeTo(target, "Your Pharmascope account request", [
      "Your request for a Pharmascope account was not approved.",
      `Reason: ${reason}`,
      "If you think this is a mistake, contact your administrator.",
    ]);
  }
  await recordChange({
    actor,
    entity: "user",
    entityId: target._id,
    entityName: userFullName(target),
    action: "reject",
    before: auditView(target),
    after: auditView({ ...target, status: "terminated", rejectReason: reason }),
  });
}

export async function unblockManagedUser({ actor, target }: { actor: SessionUser; target: ManagedUserDoc }) {
  await connectDb();
  await User.updateOne({ _id: target._id, status: "blocked" }, { $set: { status: "active" } });
  await recordChange({
    actor,
    entity: "user",
    entityId: target._id,
    entityName: userFullName(target),
    action: "unblock",
    before: auditView(target),
    after: auditView({ ...target, status: "active" }),
  });
}

/** Deletes a user softly: the whole record moves to the bin, their sessions end, and 'Undo' can bring them back for
 *  USER_RESTORE_MINUTES. */
export async function deleteManagedUser({ actor, target }: { actor: SessionUser; target: ManagedUserDoc }) {
  await connectDb();
  const whole = await User.collection.findOne({ _id: target._id });
  if (!whole) return;
  // In the bin first: if the server stops in between, the user is still there, never lost.
  await DeletedUser.collection.replaceOne({ _id: target._id }, { user: whole, deletedAt: new Date() }, { upsert: true });
  await User.deleteOne({ _id: target._id });
  await endOtherSessions(String(target._id));
  await recordChange({
    actor,
    entity: "user",
    entityId: target._id,
    entityName: userFullName(target),
    action: "delete",
    before: auditView(target),
  });
}

/** 'Undo' of a delete, within the grace period: the user is back as they were (their sessions stay ended). Fails on
 *  the unique email index if a new user was given their email meanwhile (the route checks that first). */
export async function restoreManagedUser({ actor, target }: { actor: SessionUser; target: ManagedUserDoc }) {
  await connectDb();
  const binned = await DeletedUser.collection.findOne({ _id: target._id });
  if (!binned) return;
  await User.collection.insertOne(binned.user);
  await DeletedUser.deleteOne({ _id: target._id });
  await recordChange({
    actor,
    entity: "user",
    entityId: target._id,
    entityName: userFullName(target),
    action: "restore",
    after: auditView(target),
  });
}

/** Removes for good the users deleted longer than the grace period ago, with their password links. Run by the console
 *  as it lists or adds users (no timer in any server process: any server may run it, any number of times). */
export async function purgeDeletedUsers(now = new Date()) {
  await connectDb();
  const cutoff = new Date(now.getTime() - USER_RESTORE_MINUTES * 60_000);
  const expired = await DeletedUser.find({ deletedAt: trusted({ $lt: cutoff }) })
    .limit(500)
    .lean();
  for (const { _id, user } of expired) {
    await Session.deleteMany({ user: _id });
    await PasswordReset.deleteMany({ user: _id });
    const { deletedCount } = await DeletedUser.deleteOne({ _id, deletedAt: trusted({ $lt: cutoff }) });
    if (deletedCount)
      await recordChange({
        actor: null,
        entity: "user",
        entityId: _id,
        entityName: userFullName(user),
        action: "purge",
        before: auditView(user),
      });
  }
  return expired.length;
}

/** The active users who work the news fetch queue (admins and the top-level admin: `news:manage`) and have not turned
 *  the fetch-queue digest off, for that digest (issue 16). Read through { status, … }; a handful of rows. */
export async function activeNewsCurators() {
  await connectDb();
  const users = await User.find({ status: "active", $or: [{ role: "admin" }, { isTopAdmin: true }], fetchDigest: trusted({ $ne: false }) })
    .select("_id")
    .sort(totalOrder("email"))
    .lean();
  return users.map((u) => u._id);
}

/** Gives the users saved before `grantedDiseases` existed that field, once per database, so the console's lists of
 *  non-top administrators are full pages again (the reach rule is exact without it: `manageableBy`). */
export const backfillGrantedDiseases = () =>
  backfillOnce("once|users-granted-diseases|1", User, "permissions grantedDiseases", (u) =>
    u.grantedDiseases ? null : { grantedDiseases: grantedDiseasesOf(u.permissions) },
  );

/** Whether a user receives the fetch-queue digest (null: no such user). */
export async function fetchDigestOf(id: string) {
  if (!isObjectId(id)) return null;
  await connectDb();
  const user = await User.findById(id).select("fetchDigest").lean();
  return user ? { on: user.fetchDigest !== false } : null;
}

/** Turns the fetch-queue digest on or off for one admin (the Monitoring page, or the link in the mail). */
export async function setFetchDigest(id: string, on: boolean) {
  await connectDb();
  await User.updateOne({ _id: id }, { $set: { fetchDigest: on } });
}
