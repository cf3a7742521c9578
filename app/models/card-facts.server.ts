import { Types, type Model } from "mongoose";

import { connectDb } from "#db/connection.server";
import { Disease, TherapeuticArea } from "#db/models/index.server";
import { grantsIn } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";
import { sheetReadTimes } from "~/utils/sheets/store.server";

import { listPermittedDiseasesOfAreas, type PermittedDiseaseRow } from "./disease.server";
import { upcomingEventCounts } from "./event.server";
import type { PermittedArea, PermittedClient } from "./permitted";

// What the drill-down cards (client → therapeutic area → disease) say about what lies inside each: counted over what
// the reader may see only — the areas and diseases their grants name, as the next page lists them (the top-level
// admin: all) — with one grouped query a kind for a whole page, never one a card.

/** How many documents of `model` match one of `branches`, by their client (none: no query). */
async function countsByClient<T>(model: Model<T>, branches: Array<Record<string, unknown>>) {
  if (!branches.length) return new Map<string, number>();
  const counts = await model.aggregate<{ _id: Types.ObjectId; count: number }>([
    { $match: { $or: branches } },
    // An order with no ties, for the embedded engine (see totalOrder): a few hundred small documents at most.
    { $sort: { client: 1, _id: 1 } },
    { $group: { _id: "$client", count: { $sum: 1 } } },
  ]);
  return new Map(counts.map((c) => [String(c._id), c.count]));
}

// An aggregation is not cast by mongoose: its ids are ObjectIds here.
const oid = (id: string) => new Types.ObjectId(id);

/** The dashboard's clients, each with the number of its therapeutic areas and diseases the user may see. */
export async function clientCards({ user, clients }: { user: SessionUser; clients: PermittedClient[] }) {
  if (!clients.length) return [];
  await connectDb();
  const everything = [{ client: { $in: clients.map((c) => oid(c.id)) } }];
  // Per client the areas granted in it, per area the diseases granted there: a grant counts only where it names the
  // record's own client and area, as the areas and diseases pages read grants.
  const grants = clients.map((c) => ({ client: oid(c.id), areas: [...grantsIn(user, c.id)] }));
  const [areas, diseases] = await Promise.all([
    countsByClient(
      TherapeuticArea,
      user.isTopAdmin
        ? everything
        : grants.filter((g) => g.areas.length).map((g) => ({ client: g.client, _id: { $in: g.areas.map(([area]) => oid(area)) } })),
    ),
    countsByClient(
      Disease,
      user.isTopAdmin
        ? everything
        : grants.flatMap((g) =>
            g.areas
              .filter(([, granted]) => granted.size)
              .map(([area, granted]) => ({ client: g.client, therapeuticArea: oid(area), _id: { $in: [...granted].map(oid) } })),
          ),
    ),
  ]);
  return clients.map((c) => ({ ...c, areas: areas.get(c.id) ?? 0, diseases: diseases.get(c.id) ?? 0 }));
}

/** A client's therapeutic areas, each with the number of its diseases the user may see and of their reports. */
export async function areaCards({ user, areas }: { user: SessionUser; areas: PermittedArea[] }) {
  const diseasesOf = await listPermittedDiseasesOfAreas({ user, areas });
  return areas.map((a) => {
    const diseases = diseasesOf.get(a.id) ?? [];
    return { ...a, diseases: diseases.length, reports: diseases.reduce((sum, d) => sum + d.reportCount, 0) };
  });
}

/** An area's diseases the user may see (as listPermittedDiseases gives them), each with when its sheet was last read
 *  (ISO, null before the first read) and its number of upcoming events. The read times are the diseases' own; a
 *  disease that does not carry one yet (saved before the field, until the one-time fill) has it from its cache. */
export async function diseaseCards({ area, diseases }: { area: PermittedArea; diseases: PermittedDiseaseRow[] }) {
  const [cached, events] = await Promise.all([
    sheetReadTimes(diseases.filter((d) => d.sheetReadAt === undefined).map((d) => d.id)),
    upcomingEventCounts({ client: { id: area.clientId }, diseaseIds: diseases.map((d) => d.id) }),
  ]);
  return diseases.map(({ sheetReadAt, ...d }) => ({
    ...d,
    sheetReadAt: (sheetReadAt ?? cached.get(d.id))?.toISOString() ?? null,
    upcomingEvents: events.get(d.id) ?? 0,
  }));
}
