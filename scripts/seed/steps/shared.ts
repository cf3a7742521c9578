// Small helpers the seed steps share.
import { Types } from "mongoose";

export const oid = () => new Types.ObjectId();

/** "Placebo" to "placebo", but "IV" and "Insulin glargine U100" keep their capitals where they matter. */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}
