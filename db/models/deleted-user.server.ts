import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** A user deleted from the console (`_id` = the user's), kept whole for USER_RESTORE_MINUTES so 'Undo' can put them
 *  back, then purged. Outside the users collection, so no query of live users has to leave them out (on SecantusDB an
 *  extra condition on every user list made it read whole index ranges; docs/decisions/010). */
const deletedUserSchema = new Schema({
  user: { type: Schema.Types.Mixed, required: true },
  deletedAt: { type: Date, required: true },
});
deletedUserSchema.index({ deletedAt: 1 });
// Deleting a client takes its grants from these users too.
deletedUserSchema.index({ "user.clients": 1 });

export type DeletedUserDoc = InferSchemaType<typeof deletedUserSchema>;
export const DeletedUser = defineModel("DeletedUser", deletedUserSchema);
