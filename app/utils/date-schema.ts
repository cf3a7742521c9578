import * as z from "zod/mini";

import { FIELD_REQUIRED } from "#common/messages";
import { notADate, readDate, type DateGranularity } from "~/utils/dates";

// The date field of the console's forms, apart from the other fields (~/utils/user-validation) so that the forms without
// a date (sign-in among them) do not load the date helpers.

/** A date field's text (DateFor: DD/MM/YYYY as typed without JavaScript, YYYY-MM-DD as the picker sends it) read by
 *  `readDate` into the value the server works with (YYYY-MM-DD, or YYYY-MM-DDTHH:mm); 'Field Required' when blank. */
export const dateField = (granularity: DateGranularity = "day") =>
  z.pipe(
    z
      .string({ error: FIELD_REQUIRED })
      .check(z.refine((text) => readDate(text, granularity) !== null, { error: (issue) => notADate(String(issue.input), granularity) })),
    z.transform((text) => readDate(text, granularity)!),
  );
