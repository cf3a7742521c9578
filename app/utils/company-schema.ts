import * as z from "zod/mini";

import { ACTIVE_STATUSES, COMPANY_TYPES } from "#common/constants";
import { FIELD_REQUIRED } from "#common/messages";

import { optionalLink, optionalText, requiredText } from "./user-validation";

// The company form's rules (admin-console §2, §3): the console checks them in the browser and in its action, and the
// integration API checks a company written through it with the same schema, without the logo (uploaded in the console).

export const CompanySchema = z.object({
  name: requiredText(200),
  type: z.enum(COMPANY_TYPES, { error: FIELD_REQUIRED }),
  website: optionalLink,
  alias: optionalText(200),
  headquarters: optionalText(200),
  parentCompany: z.optional(z.string()),
  status: z.enum(ACTIVE_STATUSES, { error: FIELD_REQUIRED }),
  logo: z.optional(z.file()),
  removeLogo: z.optional(z.boolean()),
});
