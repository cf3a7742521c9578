import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, TherapeuticArea } from "#db/models/index.server";
import type { SessionUser } from "~/utils/session.server";

import { listPermittedClients } from "./permitted-client.server";

type Scoped = { client?: unknown; therapeuticArea?: unknown; disease?: unknown };
/** The client, area and disease names of a page of records (a console list's columns): three queries a page at most.
 *  The names of the clients `user` may open come from their list, which the page's layout has read this request; an
 *  area's from the diseases read, which carry it (areas are read only for records whose area no such disease names). */
export async function scopeNamesOf(items: ReadonlyArray<Scoped>, user: SessionUser) {
  await connectDb();
  const known = new Map((await listPermittedClients({ user })).map((c) => [c.id, c.name]));
  // A collection none of the items names (or only names it knows) is not asked (an empty page, a list of clients only).
  const namesIn = async (model: typeof Client | typeof TherapeuticArea, key: keyof Scoped, have = new Map<string, string>()) => {
    const ids = [...new Set(items.flatMap((i) => (i[key] && !have.has(String(i[key])) ? [String(i[key])] : [])))];
    const rows: Array<{ _id: unknown; name: string }> = ids.length
      ? await (model as typeof Client)
          .find({ _id: trusted({ $in: ids }) })
          .select("name")
          .lean()
      : [];
    return new Map([...have, ...rows.map((r) => [String(r._id), r.name] as const)]);
  };
  const diseaseIds = [...new Set(items.flatMap((i) => (i.disease ? [String(i.disease)] : [])))];
  const [clients, diseases] = await Promise.all([
    namesIn(Client, "client", known),
    diseaseIds.length
      ? Disease.find({ _id: trusted({ $in: diseaseIds }) })
          .select("name therapeuticArea areaName")
          .lean()
      : [],
  ]);
  const areas = await namesIn(
    TherapeuticArea,
    "therapeuticArea",
    new Map(diseases.flatMap((d) => (d.areaName ? [[String(d.therapeuticArea), d.areaName] as const] : []))),
  );
  const diseaseNames = new Map(diseases.map((d) => [String(d._id), d.name] as const));
  return (i: Scoped) => ({
    client: clients.get(String(i.client)) ?? "",
    area: areas.get(String(i.therapeuticArea)) ?? "",
    disease: diseaseNames.get(String(i.disease)) ?? "",
  });
}
