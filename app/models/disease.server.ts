import { isReportType, REPORT_NAMES, REPORT_TYPE_IDS, type ReportTypeId } from "#common/constants";
import { isObjectId } from "#common/ids";
import { connectDb, trusted } from "#db/connection.server";
import { Disease } from "#db/models/disease.server";
import { grantsIn } from "~/utils/permissions";
import { oncePerRequest } from "~/utils/request-scope.server";
import type { SessionUser } from "~/utils/session.server";
import { deleteSheetCache, loadDisease, sheetReadTimes } from "~/utils/sheets/store.server";

import { onceInBatches } from "./backfill.server";
import { grantToCreator, revokeFromAllUsers } from "./grants.server";
import type { PermittedArea, PermittedClient, PermittedDisease } from "./permitted";
import { listPermittedClients } from "./permitted-client.server";

/** What the disease form edits (user-app §2 "Disease form"). */
export interface DiseaseSettings {
  name: string;
  sheetId: string;
  sheetName: string;
  range: string;
  titlePrefix?: string;
  reports: ReportTypeId[];
  tm: boolean;
  verified: boolean;
  mesh: string[];
}

/**
 * A disease the user may see: the top-level admin any disease of an active client; everyone else (admins included)
 * only a disease listed in one of their permission entries, of an active client. "not-found" for a malformed or
 * unknown id, "forbidden" otherwise, so each caller answers in its own way (JSON for resources, the spec's redirect
 * for pages). `clients`: the clients the user may open, when the caller has read them (an action has no request scope
 * to read them once).
 */
export async function findPermittedDisease({
  user,
  id,
  clients,
}: {
  user: SessionUser;
  id: string | undefined;
  clients?: PermittedClient[];
}) {
  if (!isObjectId(id)) return { status: "not-found" } as const;
  await connectDb();
  const disease = await Disease.findById(id)
    .select("name therapeuticArea areaName client titlePrefix reports tm sheetId sheetName range")
    .lean();
  if (!disease) return { status: "not-found" } as const;
  void loadDisease(disease._id, disease); // its report page reads the sheet next
  const clientId = String(disease.client);
  const grants = grantsIn(user, clientId);
  const granted = user.isTopAdmin || [...grants.values()].some((diseases) => diseases.has(id.toLowerCase()));
  // The clients the user may open are the active ones (read once a request: the page's guard has them already).
  if (!granted || !(clients ?? (await listPermittedClients({ user }))).some((c) => c.id === clientId))
    return { status: "forbidden" } as const;
  const permitted: PermittedDisease = {
    id: String(disease._id),
    name: disease.name,
    areaId: String(disease.therapeuticArea),
    clientId,
    titlePrefix: disease.titlePrefix ?? "",
    tm: Boolean(disease.tm),
    reports: (disease.reports ?? []).map((r) => r.id).filter(isReportType),
  };
  // Its area as the user may see it, named from the disease (null for one saved before it carried its area's name, or
  // an area the user does not hold): a disease's page then needs no read of the area.
  const area: PermittedArea | null =
    disease.areaName && (user.isTopAdmin || grants.has(permitted.areaId))
      ? { id: permitted.areaId, name: disease.areaName, clientId }
      : null;
  return { status: "ok", disease: permitted, area } as const;
}

/** Diseases of a permitted area that the user may see (the top-level admin: all of them), sorted by name. */
export async function listPermittedDiseases({ user, area }: { user: SessionUser; area: PermittedArea }) {
  return (await listPermittedDiseasesOfAreas({ user, areas: [area] })).get(area.id)!;
}

export type PermittedDiseaseRow = {
  id: string;
  name: string;
  reportCount: number;
  /** When its sheet was last read, as the disease carries it: null never, undefined not recorded on it yet. */
  sheetReadAt: Date | null | undefined;
};

/** listPermittedDiseases of each of these areas, in one query (a list of every area's diseases sends one, not one an
 *  area). */
export function listPermittedDiseasesOfAreas({ user, areas }: { user: SessionUser; areas: PermittedArea[] }) {
  return oncePerRequest(`diseases ${user._id} ${areas.map((a) => a.id).join(" ")}`, async () => {
    if (!areas.length) return new Map<string, PermittedDiseaseRow[]>();
    await connectDb();
    const granted = new Map(areas.map((a) => [a.id, grantsIn(user, a.clientId).get(a.id) ?? new Set<string>()]));
    const inAreas = { therapeuticArea: trusted({ $in: areas.map((a) => a.id) }) };
    const diseases = await Disease.find(
      user.isTopAdmin ? inAreas : { ...inAreas, _id: trusted({ $in: [...granted.values()].flatMap((ids) => [...ids]) }) },
    )
      .select("name reports therapeuticArea sheetReadAt")
      .sort({ name: 1, _id: 1 })
      .lean();
    // A disease counts in its own area only when granted there (a grant names the area with the disease).
    const visible = diseases.filter((d) => user.isTopAdmin || granted.get(String(d.therapeuticArea))?.has(String(d._id)));
    return new Map<string, PermittedDiseaseRow[]>(
      areas.map((a) => [
        a.id,
        visible
          .filter((d) => String(d.therapeuticArea) === a.id)
          .map((d) => ({ id: String(d._id), name: d.name, reportCount: d.reports?.length ?? 0, sheetReadAt: d.sheetReadAt })),
      ]),
    );
  });
}

/** Gives the diseases saved before they carried when their sheet was last read that time, once per database (one that
 *  a refresh names meanwhile keeps its own). */
export const backfillSheetReadTimes = () =>
  onceInBatches("once|disease-sheet-read-times|1", Disease, "sheetReadAt", async (batch) => {
    const missing = batch.filter((d) => d.sheetReadAt === undefined).map((d) => String(d._id));
    if (!missing.length) return 0;
    const readAt = await sheetReadTimes(missing);
    await Disease.bulkWrite(
      missing.map((id) => ({
        updateOne: {
          filter: { _id: id, sheetReadAt: trusted({ $exists: false }) },
          update: { $set: { sheetReadAt: readAt.get(id) ?? null } },
        },
      })),
    );
    return missing.length;
  });

/** The disease form's values of a permitted disease. */
export async function getDiseaseSettings({ disease }: { disease: PermittedDisease }) {
  await connectDb();
  const d = await Disease.findById(disease.id).select("name sheetId sheetName range titlePrefix reports tm verified mesh").lean();
  if (!d) throw new Response("Not found", { status: 404 });
  return {
    name: d.name,
    sheetId: d.sheetId ?? "",
    sheetName: d.sheetName ?? "",
    range: d.range ?? "",
    titlePrefix: d.titlePrefix ?? "",
    reports: (d.reports ?? []).map((r) => r.id as ReportTypeId),
    tm: Boolean(d.tm),
    verified: Boolean(d.verified),
    mesh: d.mesh ?? [],
  };
}

function stored(settings: DiseaseSettings) {
  return {
    ...settings,
    titlePrefix: settings.titlePrefix ?? "",
    // Kept in menu order, whatever order the form sent; each with its name (user-app §3).
    reports: REPORT_TYPE_IDS.filter((id) => settings.reports.includes(id)).map((id) => ({ id, name: REPORT_NAMES[id] })),
  };
}

/** Adds a disease to a permitted area and grants it to its creator. */
export async function createDisease({ user, area, settings }: { user: SessionUser; area: PermittedArea; settings: DiseaseSettings }) {
  await connectDb();
  const disease = await Disease.create({ ...stored(settings), therapeuticArea: area.id, areaName: area.name, client: area.clientId });
  await grantToCreator(user, { client: area.clientId, therapeuticArea: area.id, disease: String(disease._id) });
  return String(disease._id);
}

/** Updates the form's fields only: area and client never come from a request. */
export async function updateDisease({ disease, settings }: { disease: PermittedDisease; settings: DiseaseSettings }) {
  await connectDb();
  await Disease.updateOne({ _id: disease.id }, { $set: stored(settings) });
}

/** Deletes a disease with its sheet cache and removes it from every user's permissions. */
export async function deleteDisease({ disease }: { disease: Pick<PermittedDisease, "id"> }) {
  await connectDb();
  await deleteSheetCache(disease.id);
  await revokeFromAllUsers({ disease: disease.id });
  await Disease.deleteOne({ _id: disease.id });
}
