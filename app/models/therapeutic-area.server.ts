import type { Types } from "mongoose";

import { isObjectId } from "#common/ids";
import { connectDb, trusted } from "#db/connection.server";
import { Disease } from "#db/models/disease.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import { grantsIn } from "~/utils/permissions";
import { oncePerRequest } from "~/utils/request-scope.server";
import type { SessionUser } from "~/utils/session.server";

import { onceInBatches } from "./backfill.server";
import { deleteDisease } from "./disease.server";
import { grantToCreator, revokeFromAllUsers } from "./grants.server";
import type { PermittedArea, PermittedClient } from "./permitted";

/** Therapeutic areas of a permitted client that the user may see (the top-level admin: all), sorted by name. */
export function listPermittedAreas({ user, client }: { user: SessionUser; client: PermittedClient }): Promise<PermittedArea[]> {
  return oncePerRequest(`areas ${user._id} ${client.id}`, async () => {
    await connectDb();
    const filter = user.isTopAdmin
      ? { client: client.id }
      : { client: client.id, _id: trusted({ $in: [...grantsIn(user, client.id).keys()] }) };
    const areas = await TherapeuticArea.find(filter).select("name").sort({ name: 1, _id: 1 }).lean();
    return areas.map((a) => ({ id: String(a._id), name: a.name, clientId: client.id }));
  });
}

export async function findPermittedArea({ user, client, id }: { user: SessionUser; client: PermittedClient; id: string | undefined }) {
  if (!isObjectId(id)) return null;
  return (await listPermittedAreas({ user, client })).find((a) => a.id === id.toLowerCase()) ?? null;
}

/** Creates an area in the client and grants it to its creator, so they see what they added. */
export async function createArea({ user, client, name }: { user: SessionUser; client: PermittedClient; name: string }) {
  await connectDb();
  const area = await TherapeuticArea.create({ name, client: client.id });
  await grantToCreator(user, { client: client.id, therapeuticArea: String(area._id) });
  return String(area._id);
}

/** Renames an area, and its diseases, which carry its name (a disease's page reads its area from there). */
export async function renameArea({ area, name }: { area: PermittedArea; name: string }) {
  await connectDb();
  await TherapeuticArea.updateOne({ _id: area.id }, { $set: { name } });
  await nameDiseasesOf(area.id, name);
}

const nameDiseasesOf = async (areaId: string | Types.ObjectId, name: string) =>
  (await Disease.updateMany({ therapeuticArea: areaId }, { $set: { areaName: name } })).modifiedCount;

/** Gives the diseases saved before they carried their area's name that name, once per database. */
export const backfillAreaNames = () =>
  onceInBatches("once|disease-area-names|1", TherapeuticArea, "name", async (areas) => {
    let named = 0;
    for (const area of areas) named += await nameDiseasesOf(area._id, area.name);
    return named;
  });

/** Deletes an area and everything in it: its diseases (with their sheet caches) and every user's grants of it. */
export async function deleteArea({ area }: { area: PermittedArea }) {
  await connectDb();
  const diseases = await Disease.find({ therapeuticArea: area.id }).select("_id").lean();
  for (const d of diseases) await deleteDisease({ disease: { id: String(d._id) } });
  await revokeFromAllUsers({ therapeuticArea: area.id });
  await TherapeuticArea.deleteOne({ _id: area.id });
}
