import type { EngineEventInput } from "#workers/engine";
import { connectDb, trusted } from "#db/connection.server";
import { Compound, Event } from "#db/models/index.server";
import type { PermittedDisease } from "./disease.server";

/** A permitted disease's active events as reports use them (user-app §3 "Event (as used in reports)"), oldest first;
 *  compound ids resolved to names with a second query (no $lookup). */
export async function listDiseaseEvents({ disease }: { disease: PermittedDisease }): Promise<EngineEventInput[]> {
  await connectDb();
  const events = await Event.find({ disease: disease.id, status: "active" })
    .select("title type startDateTime endDateTime compound")
    .sort({ startDateTime: 1, _id: 1 })
    .lean();
  const ids = [...new Set(events.flatMap((e) => (e.compound ? [String(e.compound)] : [])))];
  const compounds = ids.length ? await Compound.find({ _id: trusted({ $in: ids }) }).select("name").lean() : [];
  const names = new Map(compounds.map((c) => [String(c._id), c.name?.generic || c.name?.brand || ""]));
  return events.map((e) => ({
    title: e.title,
    type: e.type,
    startDateTime: e.startDateTime.toISOString(),
    endDateTime: e.endDateTime.toISOString(),
    compound: e.compound ? names.get(String(e.compound)) || null : null,
  }));
}
