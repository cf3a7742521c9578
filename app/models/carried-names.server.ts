import type { Types } from "mongoose";

import { trusted } from "#db/connection.server";
import { Compound } from "#db/models/compound.server";
import { Event } from "#db/models/event.server";
import { News } from "#db/models/news.server";
import { Trial } from "#db/models/trial.server";

// Names records carry of the records they point to (issue 26: a list reads no second collection for them), kept in
// step here as those records are renamed.

/** Renames companies or compounds in the names the news items naming them carry (News.names), one round trip. */
export async function renameInNews(kind: "companies" | "compounds", renamed: ReadonlyArray<{ id: unknown; name: string }>) {
  if (!renamed.length) return;
  await News.bulkWrite(
    renamed.map(({ id, name }) => ({ updateMany: { filter: { [kind]: id }, update: { $set: { [`names.${String(id)}`]: name } } } })),
  );
}

/** Renames compounds in the trials of them (Trial.compoundName), one round trip. */
export async function renameInTrials(renamed: ReadonlyArray<{ id: Types.ObjectId; name: string }>) {
  if (!renamed.length) return;
  await Trial.bulkWrite(
    renamed.map(({ id, name }) => ({ updateMany: { filter: { compound: id }, update: { $set: { compoundName: name } } } })),
  );
}

/** What an event's reports show of its compound (Event.compoundFacts): how it is named, every name it goes by (the
 *  event calendar finds the compound's row by them), its originator's name. */
export type CompoundFacts = { name: string; names: string[]; company: string };

/** Gives the events of these compounds what their reports show of them (Event.compoundFacts), one round trip. */
export async function carryInEvents(facts: ReadonlyArray<{ id: Types.ObjectId; facts: CompoundFacts }>) {
  if (!facts.length) return;
  await Event.bulkWrite(
    facts.map(({ id, facts }) => ({ updateMany: { filter: { compound: id }, update: { $set: { compoundFacts: facts } } } })),
  );
}

/** Renames a company as the originator its compounds name (Compound.originatorName) and the events of those compounds
 *  show (Event.compoundFacts; an event without them yet reads the compound, which has the new name), three round trips. */
export async function renameAsOriginator(company: Types.ObjectId, name: string) {
  await Compound.updateMany({ originator: company }, { $set: { originatorName: name } });
  const compounds = await Compound.find({ originator: company }).select("_id").lean();
  if (!compounds.length) return;
  await Event.updateMany(
    { compound: trusted({ $in: compounds.map((c) => c._id) }), compoundFacts: trusted({ $ne: null }) },
    { $set: { "compoundFacts.company": name } },
  );
}
