// Users of every role and status, with their permissions; the demo logins among them.
import type { Types } from "mongoose";

import { trusted } from "#db/connection.server";
import { Disease, DiseaseFollow, User } from "#db/models/index.server";
import { hashPassword } from "~/utils/password.server";

import type { DiseaseKey } from "../data/diseases";
import { USERS, type UserSeed } from "../data/users";
import { DEMO_PASSWORD } from "../demo-logins";
import type { DiseaseRef } from "./catalog";

export async function seedUsers(clients: { _id: Types.ObjectId }[], diseases: DiseaseRef[]) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const grant = (clientIndex: number, areaName: string, keys?: DiseaseKey[]) => {
    const inArea = diseases.filter((d) => d.clientIndex === clientIndex && d.areaName === areaName);
    if (inArea.length === 0) throw new Error(`no area ${areaName} for client ${clientIndex}`);
    const chosen = keys ? inArea.filter((d) => keys.includes(d.key)) : inArea;
    if (keys && chosen.length !== keys.length) throw new Error(`area ${areaName} lacks one of ${keys.join(", ")}`);
    return { client: clients[clientIndex]._id, therapeuticArea: inArea[0].area, diseases: chosen.map((d) => d._id) };
  };
  const areasOf = (clientIndexes: number[]) => {
    const seen = new Set<string>();
    return diseases
      .filter((d) => clientIndexes.includes(d.clientIndex))
      .filter((d) => !seen.has(String(d.area)) && seen.add(String(d.area)))
      .map((d) => grant(d.clientIndex, d.areaName));
  };
  const permissions = (u: UserSeed) => {
    switch (u.scope.kind) {
      case "everything":
        return areasOf(clients.map((_, i) => i));
      case "clients":
        return areasOf(u.scope.clients);
      case "grants":
        return u.scope.grants.map((g) => grant(g.client, g.area, g.diseases));
      case "none":
        return [];
    }
  };
  const created = [];
  for (const u of USERS) {
    // One at a time through save(), so the pre-save hook derives `clients` from the permissions.
    const doc = await User.create({
      name: { first: u.first, last: u.last },
      email: u.email,
      passwordHash: u.noPassword ? undefined : passwordHash,
      role: u.role,
      isTopAdmin: u.isTopAdmin ?? false,
      status: u.status,
      permissions: permissions(u),
      rejectReason: u.rejectReason,
    });
    created.push({ _id: doc._id as Types.ObjectId, seed: u });
  }
  return created;
}

/** The demo analyst follows their Alzheimer's disease weekly (issue 30); the last e-mail went out eight days ago, after the
 *  sheet's earlier read, so the next `npm run digests` says what changed since. */
export async function seedFollows(now: Date) {
  const analyst = await User.findOne({ email: "analyst@pharmascope.test" }).select("grantedDiseases").lean();
  const disease = await Disease.findOne({ _id: trusted({ $in: analyst?.grantedDiseases ?? [] }), name: trusted(/^Alzheimer/) })
    .select("client")
    .lean();
  if (!analyst || !disease) return 0;
  await User.updateOne({ _id: analyst._id }, { $set: { follows: [{ disease: disease._id, frequency: "weekly" }] } });
  await DiseaseFollow.create({
    user: analyst._id,
    client: disease.client,
    disease: disease._id,
    frequency: "weekly",
    lastSentAt: new Date(now.getTime() - 8 * 86_400_000),
  });
  return 1;
}
