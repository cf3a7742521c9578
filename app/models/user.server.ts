import { connectDb } from "#db/connection.server";
import { User } from "#db/models/user.server";
import type { UserStatus } from "#common/constants";
import { searchTokens } from "#common/search";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import type { SessionUser } from "~/utils/session.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";

// Users as the account screens and the catalogue see them. Each function acts on the user it is given (the caller's
// own session user, or a user found by a token or an email): nothing here lists or edits other users.

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

/** One page of the user list (admin-console "User management"), by first name, optionally of one status and matching
 *  the words typed (name or email). Served by { status, name.first, _id } or the words' index. */
export async function listUsersPage({ status, search, page }: { status?: UserStatus; search?: string; page: PageRequest }) {
  await connectDb();
  return findPage(User, { ...(status ? { status } : {}), ...wordsFilter(search) }, { field: "name.first", direction: 1, select: "name email role status isTopAdmin clients", page });
}
