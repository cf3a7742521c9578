import * as z from "zod/mini";

import { ACTIVE_STATUSES } from "#common/constants";
import { FIELD_REQUIRED } from "#common/messages";

import { requiredText } from "./user-validation";

// The keyword form's rules (admin-console §2, §3): the console checks them in the browser and in its action, and the
// integration API checks a keyword written through it with the same schema (app/services/api/v1.server.ts).

export const KeywordSchema = z.object({
  name: requiredText(120),
  status: z.enum(ACTIVE_STATUSES, { error: FIELD_REQUIRED }),
  client: z.string({ error: FIELD_REQUIRED }),
  therapeuticArea: z.string({ error: FIELD_REQUIRED }),
  disease: z.string({ error: FIELD_REQUIRED }),
  priority: z.number({ error: FIELD_REQUIRED }).check(z.refine((n) => n === 1 || n === 2 || n === 3, FIELD_REQUIRED)),
});
