import type { Types } from "mongoose";

import { Compound } from "#db/models/compound.server";
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

/** Renames a company as the originator its compounds name (Compound.originatorName), one round trip. */
export async function renameAsOriginator(company: Types.ObjectId, name: string) {
  await Compound.updateMany({ originator: company }, { $set: { originatorName: name } });
}
