import type { Model, Types } from "mongoose";

import type { AuditEntity } from "#common/constants";
import { connectDb } from "#db/connection.server";
import type { SessionUser } from "~/utils/session.server";

import { recordChange } from "./audit.server";

// The console's writes with their change-log entry: each record is written, then its change recorded under the record's
// name — on an update, the name it now has.

type Values = Record<string, unknown>;
type Recorded = { actor: SessionUser; entity: AuditEntity; name: string };

/** Saves a new record (a document made from the form's values, its logo set), records it as created; its id. */
export async function createRecorded(
  doc: { _id: Types.ObjectId; save: () => Promise<unknown> },
  { actor, entity, name, after }: Recorded & { after: Values },
) {
  await connectDb();
  await doc.save();
  await recordChange({ actor, entity, entityId: doc._id, entityName: name, action: "create", after });
  return String(doc._id);
}

/** Saves `set` over `record` (read earlier: one deleted since is a 404, "No such <entity>.") through its document, so
 *  the schema's checks and hooks run, and records the change from `before` to `after`. */
export async function updateRecorded<T>(
  model: Model<T>,
  {
    actor,
    entity,
    name,
    record,
    set,
    before,
    after,
  }: Recorded & { record: { _id: Types.ObjectId }; set: object; before: Values; after: Values },
) {
  await connectDb();
  const doc = await model.findById(record._id);
  if (!doc) throw new Response(`No such ${entity}.`, { status: 404 });
  doc.set(set);
  await doc.save();
  await recordChange({ actor, entity, entityId: record._id, entityName: name, action: "update", before, after });
}

/** Deletes `record` from `model` and records it as deleted (`before`: what the log keeps of it). */
export async function deleteRecorded(
  model: { deleteOne: (filter: { _id: Types.ObjectId }) => PromiseLike<unknown> },
  { actor, entity, name, record, before }: Recorded & { record: { _id: Types.ObjectId }; before: Values },
) {
  await connectDb();
  await model.deleteOne({ _id: record._id });
  await recordChange({ actor, entity, entityId: record._id, entityName: name, action: "delete", before });
}

/**
 * A console record's status switched (admin-console §4) and the switch recorded: `record` (named `name` in the trail)
 * in `model` gets `status`, with `alongside` set in the same write.
 */
export async function setStatusRecorded(
  model: { updateOne: (filter: { _id: unknown }, update: { $set: Values }) => PromiseLike<unknown> },
  {
    actor,
    entity,
    record,
    name,
    status,
    alongside = {},
  }: {
    actor: SessionUser;
    entity: AuditEntity;
    record: { _id: Types.ObjectId; status?: string | null };
    name: string;
    status: string;
    alongside?: Values;
  },
) {
  await connectDb();
  await model.updateOne({ _id: record._id }, { $set: { status, ...alongside } });
  await recordChange({
    actor,
    entity,
    entityId: record._id,
    entityName: name,
    action: "status",
    before: { status: record.status ?? "active" },
    after: { status },
  });
}
