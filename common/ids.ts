/** A MongoDB ObjectId as it appears in addresses and forms: 24 hex digits. (mongoose.isValidObjectId would also
 *  take any 12-character string, e.g. "aaaaaaaaaaaa".) */
const OBJECT_ID = /^[0-9a-f]{24}$/i;

export function isObjectId(value: unknown): value is string {
  return typeof value === "string" && OBJECT_ID.test(value);
}
