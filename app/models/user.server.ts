import { connectDb, trusted } from "#db/connection.server";
import { DeletedUser, PasswordReset, Session } from "#db/models/index.server";
import { User } from "#db/models/user.server";
import { USER_RESTORE_MINUTES, type Role, type UserStatus } from "#common/constants";
import { isObjectId } from "#common/ids";
import { searchTokens } from "#common/search";
import { actionEmail, sendEmail } from "~/utils/email.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { sendPasswordLink } from "~/utils/password-reset.server";
import type { SessionUser } from "~/utils/session.server";
import { endOtherSessions } from "~/utils/session.server";
import { treeKeys } from "~/utils/access";
import { describeGrants, grantKeys, grantLabel, holdingsOf, mergeGrants, permissionsFromKeys } from "./access.server";
import { recordChange } from "./audit.server";
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
  return User.findOne({ email, status: "active" }).select("name email").lean();
}

/** A sign-up request: a pending user without a password. An existing email (pending or not) changes nothing. */
export async function createSignUpRequest({ first, last, email }: { first: string; last: string; email: string }) {
  await connectDb();
  await User.updateOne(
    { email },
    { $setOnInsert: { name: { first, last }, role: "", status: "pending", permissions: [], clients: [], searchTokens: searchTokens(first, last, email) } },
    { upsert: true },
  );
}

/** Remembers the client the user picked on the dashboard (a permitted one: the caller checked). */
export async function selectClient({ user, clientId }: { user: SessionUser; clientId: string }) {
  await connectDb();
  await User.updateOne({ _id: user._id }, { $set: { selectedClient: clientId } });
}

/**
 * Grants a newly created area (and optionally a disease in it) to its creator, so they see what they added. The
 * top-level admin sees everything already. Loaded and saved as a document (FerretDB lacks positional updates), which
 * also keeps `clients` derived.
 */
export async function grantToCreator(user: SessionUser, grant: { client: string; therapeuticArea: string; disease?: string }) {
  if (user.isTopAdmin) return;
  await connectDb();
  const doc = await User.findById(user._id);
  if (!doc) return;
  let entry = doc.permissions.find((p) => String(p.client) === grant.client && String(p.therapeuticArea) === grant.therapeuticArea);
  if (!entry) {
    doc.permissions.push({ client: grant.client, therapeuticArea: grant.therapeuticArea, diseases: [] });
    entry = doc.permissions[doc.permissions.length - 1];
  }
  if (grant.disease && !entry.diseases.some((d) => String(d) === grant.disease)) entry.diseases.push(grant.disease as never);
  await doc.save();
}

/** Removes an area (its whole entry) or a disease from every user's permission list. */
export async function revokeFromAllUsers(target: { therapeuticArea: string } | { disease: string }) {
  await connectDb();
  const filter = "therapeuticArea" in target ? { "permissions.therapeuticArea": target.therapeuticArea } : { "permissions.diseases": target.disease };
  const users = await User.find(filter).sort({ _id: 1 });
  for (const doc of users) {
    if ("therapeuticArea" in target) {
      // Subdocuments without _id cannot be pulled by identity: keep the others instead.
      doc.set("permissions", doc.permissions.filter((p) => String(p.therapeuticArea) !== target.therapeuticArea).map((p) => p.toObject()));
    } else {
      for (const p of doc.permissions) {
        const kept = p.diseases.filter((d) => String(d) !== target.disease);
        if (kept.length !== p.diseases.length) p.diseases = kept as never;
      }
    }
    await doc.save();
  }
}

// ---- The administration console (admin-console §3–§8) ----

export const USER_SORTS = { name: "name.first", email: "email" } as const;
export type UserSort = keyof typeof USER_SORTS;

/** One page of the user list (admin-console "User management"), by first name or email, optionally of one status and
 *  matching the words typed (name or email). Served by { status?, field, _id } or the words' index. */
export async function listUsersPage({ status, search, sort = "name", direction = 1, page }: { status?: UserStatus; search?: string; sort?: UserSort; direction?: 1 | -1; page: PageRequest }) {
  await connectDb();
  const filter = { ...(status ? { status } : {}), ...wordsFilter(search) };
  return findPage(User, filter, { field: USER_SORTS[sort], direction, select: "name email role status isTopAdmin clients", page, fenced: !search });
}

const MANAGED_FIELDS = "name email role status isTopAdmin permissions clients rejectReason createdAt";

const managedUser = (id: string) => User.findOne({ _id: id }).select(MANAGED_FIELDS).lean();
export type ManagedUserDoc = NonNullable<Awaited<ReturnType<typeof managedUser>>>;

/** A user the console may act on — or, with `deleted`, one deleted and still restorable (from the bin). */
export async function findManagedUser(id: string | undefined, { deleted = false } = {}): Promise<ManagedUserDoc | null> {
  if (!isObjectId(id)) return null;
  await connectDb();
  if (!deleted) return managedUser(id);
  const since = new Date(Date.now() - USER_RESTORE_MINUTES * 60_000);
  const binned = await DeletedUser.findOne({ _id: id, deletedAt: trusted({ $gte: since }) }).lean();
  return binned ? (binned.user as ManagedUserDoc) : null;
}

/** A refusal that belongs to one field of the user form (or the form itself: ""). */
export class UserFormError extends Error {
  constructor(readonly field: "email" | "grants" | "", message: string) {
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
const auditView = (u: { name?: { first?: string | null; last?: string | null } | null; email: string; role?: string | null; status: string; rejectReason?: string | null }) => ({
  "first name": u.name?.first ?? "",
  "last name": u.name?.last ?? "",
  email: u.email,
  role: u.role || "(none)",
  status: u.status,
  ...(u.rejectReason ? { "reject reason": u.rejectReason } : {}),
});
export const userFullName = (u: { name?: { first?: string | null; last?: string | null } | null; email: string }) => `${u.name?.first ?? ""} ${u.name?.last ?? ""}`.trim() || u.email;

/** The access granted and removed by a change, as readable lists (at most 100 names each, then a count). */
async function accessChanges(before: ReadonlySet<string>, after: ReadonlySet<string>) {
  const listed = async (keys: string[]) => {
    const names = (await describeGrants(keys.slice(0, 100))).map(grantLabel);
    return keys.length > 100 ? [...names, `… and ${keys.length - 100} more`] : names;
  };
  const added = [...after].filter((k) => !before.has(k));
  const removed = [...before].filter((k) => !after.has(k));
  return [
    ...(added.length ? [{ field: "access granted", before: null, after: await listed(added) }] : []),
    ...(removed.length ? [{ field: "access removed", before: await listed(removed), after: null }] : []),
  ];
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
  await sendPasswordLink(user, "welcome");
  await recordChange({ actor, entity: "user", entityId: user._id, entityName: userFullName(user), action: "create", after: auditView(user), extra: await accessChanges(new Set(), keys) });
  return String(user._id);
}

/**
 * Saves the user form over `target`: names, email, role, status (when given) and the access inside `actor`'s holdings
 * (access outside them stays). `accept` makes a pending user active and e-mails the welcome link. A changed role or
 * status, or removed access, ends the user's sessions at once.
 */
export async function updateManagedUser({ actor, target, values, accept = false }: { actor: SessionUser; target: ManagedUserDoc; values: UserValues; accept?: boolean }) {
  await connectDb();
  const before = grantKeys(target.permissions);
  const { keys, refused } = mergeGrants({ current: before, held: await heldKeys(actor), chosen: values.grants });
  if (refused.length) throw new UserFormError("grants", NOT_HELD);
  if (values.email !== target.email && (await emailTaken(values.email, target._id))) throw new UserFormError("email", EMAIL_TAKEN);
  const doc = await User.findOne({ _id: target._id });
  if (!doc) throw new Response("No such user.", { status: 404 });
  const status = accept ? "active" : (values.status ?? doc.status);
  doc.set({ name: { first: values.first, last: values.last }, email: values.email, role: values.role, status, permissions: permissionsFromKeys(keys) });
  try {
    await doc.save();
  } catch (error) {
    if (isDuplicateEmail(error)) throw new UserFormError("email", EMAIL_TAKEN);
    throw error;
  }
  const lostAccess = [...before].some((k) => !keys.has(k));
  if (lostAccess || doc.role !== target.role || (doc.status !== target.status && doc.status !== "active")) await endOtherSessions(String(doc._id));
  if (accept) await sendPasswordLink(doc, "welcome");
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
export async function rejectManagedUser({ actor, target, reason, notify }: { actor: SessionUser; target: ManagedUserDoc; reason: string; notify: boolean }) {
  await connectDb();
  await User.updateOne({ _id: target._id, status: "pending" }, { $set: { status: "terminated", rejectReason: reason } });
  if (notify) {
    await sendEmail(
      actionEmail({
        to: target.email,
        subject: "Your Pharmascope account request",
        greeting: target.name?.first ? `Hello ${target.name.first},` : "Hello,",
        lines: ["Your request for a Pharmascope account was not approved.", `Reason: ${reason}`, "If you think this is a mistake, contact your administrator."],
      }),
    );
  }
  await recordChange({ actor, entity: "user", entityId: target._id, entityName: userFullName(target), action: "reject", before: auditView(target), after: auditView({ ...target, status: "terminated", rejectReason: reason }) });
}

export async function unblockManagedUser({ actor, target }: { actor: SessionUser; target: ManagedUserDoc }) {
  await connectDb();
  await User.updateOne({ _id: target._id, status: "blocked" }, { $set: { status: "active" } });
  await recordChange({ actor, entity: "user", entityId: target._id, entityName: userFullName(target), action: "unblock", before: auditView(target), after: auditView({ ...target, status: "active" }) });
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
  await recordChange({ actor, entity: "user", entityId: target._id, entityName: userFullName(target), action: "delete", before: auditView(target) });
}

/** 'Undo' of a delete, within the grace period: the user is back as they were (their sessions stay ended). Fails on
 *  the unique email index if a new user was given their email meanwhile (the route checks that first). */
export async function restoreManagedUser({ actor, target }: { actor: SessionUser; target: ManagedUserDoc }) {
  await connectDb();
  const binned = await DeletedUser.collection.findOne({ _id: target._id });
  if (!binned) return;
  await User.collection.insertOne(binned.user);
  await DeletedUser.deleteOne({ _id: target._id });
  await recordChange({ actor, entity: "user", entityId: target._id, entityName: userFullName(target), action: "restore", after: auditView(target) });
}

/** Removes for good the users deleted longer than the grace period ago, with their password links. Run by the console
 *  as it lists or adds users (no timer in any server process: any server may run it, any number of times). */
export async function purgeDeletedUsers(now = new Date()) {
  await connectDb();
  const cutoff = new Date(now.getTime() - USER_RESTORE_MINUTES * 60_000);
  const expired = await DeletedUser.find({ deletedAt: trusted({ $lt: cutoff }) }).limit(500).lean();
  for (const { _id, user } of expired) {
    await Session.deleteMany({ user: _id });
    await PasswordReset.deleteMany({ user: _id });
    const { deletedCount } = await DeletedUser.deleteOne({ _id, deletedAt: trusted({ $lt: cutoff }) });
    if (deletedCount) await recordChange({ actor: null, entity: "user", entityId: _id, entityName: userFullName(user), action: "purge", before: auditView(user) });
  }
  return expired.length;
}

/** The active users who work the news fetch queue (admins and the top-level admin: `news:manage`) and have not turned
 *  the fetch-queue digest off, for that digest (issue 16). Read through { status, … }; a handful of rows. */
export async function activeNewsCurators() {
  await connectDb();
  const users = await User.find({ status: "active", $or: [{ role: "admin" }, { isTopAdmin: true }], fetchDigest: trusted({ $ne: false }) }).select("_id").lean();
  return users.map((u) => u._id);
}

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
