import * as z from "zod/mini";

import { DIGEST_FREQUENCIES } from "#common/constants";
import { requiredText } from "~/utils/user-validation";

// The forms of saved searches (issue 16): "Save this search" on the feed, and rename/frequency on the list page.

export const FREQUENCY_OPTIONS = [
  { value: "daily", label: "Daily digest" },
  { value: "weekly", label: "Weekly digest" },
  { value: "off", label: "No e-mail" },
] as const satisfies ReadonlyArray<{ value: (typeof DIGEST_FREQUENCIES)[number]; label: string }>;

const fields = { name: requiredText(100), frequency: z.enum(DIGEST_FREQUENCIES, { error: "Choose how often" }) };

/** Saving the feed's search: `query` is the feed's query string, read again through the feed's filters on the server. */
export const SaveSearchSchema = z.object({ ...fields, query: z.optional(z.string().check(z.maxLength(4000))) });
export const UpdateSearchSchema = z.object({ ...fields, id: z.string({ error: "Missing id" }) });
