import { Schema, type InferSchemaType, type Types } from "mongoose";

import { FOLLOW_FREQUENCIES, ROLES, USER_STATUSES } from "#common/constants";
import { searchTokens } from "#common/search";

import { defineModel } from "../define-model.server";

/** One granted therapeutic area of a client with the chosen diseases (admin-console §3 "Permission entry"). */
const permissionSchema = new Schema(
  {
    client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea", required: true },
    diseases: [{ type: Schema.Types.ObjectId, ref: "Disease" }],
  },
  { _id: false },
);

const userSchema = new Schema(
  {
    name: {
      first: { type: String, required: true, trim: true },
      last: { type: String, required: true, trim: true },
    },
    email: { type: String, required: true, trim: true, lowercase: true },
    passwordHash: { type: String, select: false },
    role: { type: String, enum: ROLES, default: "" },
    /** The top-level administrator ("onlyAdmin"), checked separately from the role. */
    isTopAdmin: { type: Boolean, default: false },
    status: { type: String, enum: USER_STATUSES, default: "pending" },
    permissions: { type: [permissionSchema], default: [] },
    /** Derived from permissions on every save: the clients the user may open. */
    clients: [{ type: Schema.Types.ObjectId, ref: "Client" }],
    /** Derived from permissions on every save: every granted disease, flat — what the console's reach rule reads
     *  (decision 018; FerretDB cannot match the nested `permissions.diseases` with `$nin` as MongoDB does). */
    grantedDiseases: { type: [{ type: Schema.Types.ObjectId, ref: "Disease" }], default: undefined },
    rejectReason: { type: String },
    /** The address before someone else last changed it, and when: a password reset soon after goes to both. */
    previousEmail: { type: String },
    emailChangedAt: { type: Date },
    /** False when an admin turned the fetch-queue digest off for themselves (issue 16). */
    fetchDigest: { type: Boolean, default: true },
    /** The diseases the user follows and how often (issue 30), as the report page shows it: read with the session's
     *  user, so the page asks nothing more. The digests' own record is DiseaseFollow; both are written together. */
    follows: {
      type: [
        { _id: false, disease: { type: Schema.Types.ObjectId, ref: "Disease" }, frequency: { type: String, enum: FOLLOW_FREQUENCIES } },
      ],
      default: undefined,
    },
    createdBy: { type: Schema.Types.ObjectId, ref: "User" },
    /** Words of the name and email, for search (common/search.ts). */
    searchTokens: { type: [String], default: [] },
  },
  { timestamps: true },
);

userSchema.index({ email: 1 }, { unique: true });
// The user list: by name or email, of one status or all; search by words of name and email.
userSchema.index({ status: 1, "name.first": 1, _id: 1 });
userSchema.index({ "name.first": 1, _id: 1 });
userSchema.index({ status: 1, email: 1, _id: 1 });
userSchema.index({ email: 1, _id: 1 });
userSchema.index({ searchTokens: 1, "name.first": 1 });
userSchema.index({ clients: 1 });

userSchema.pre("save", function () {
  this.searchTokens = searchTokens(this.name?.first, this.name?.last, this.email);
  const seen = new Set<string>();
  this.clients = this.permissions.map((p) => p.client).filter((id) => !seen.has(String(id)) && seen.add(String(id))) as Types.ObjectId[];
  this.grantedDiseases = grantedDiseasesOf(this.permissions);
});

/** The flat list of a permission list's diseases, each once. */
export function grantedDiseasesOf(permissions: ReadonlyArray<{ diseases: ReadonlyArray<unknown> }>) {
  return [...new Map(permissions.flatMap((p) => p.diseases).map((d) => [String(d), d])).values()] as Types.ObjectId[];
}

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId };
export const User = defineModel("User", userSchema);
