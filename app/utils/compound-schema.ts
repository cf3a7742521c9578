import * as z from "zod/mini";

import { ACTIVE_STATUSES, DEVELOPMENT_PHASES, REGIONS, THERAPEUTIC_MODALITIES } from "#common/constants";
import { COMPOUND_NAME_REQUIRED, COMPOUND_ORIGINATOR_REQUIRED, FIELD_REQUIRED } from "#common/messages";

import { optionalLink, optionalText } from "./user-validation";

// The compound form's rules (admin-console §2, §3, §5): the console checks them in the browser and in its action, its
// spreadsheet import row by row, and the integration API a compound written through it, without the logo (uploaded in
// the console). Chips (other names, approved geographies) are one comma-separated text, as the form sends them.
// Reading taken of §5, which lists every name as required yet asks only for "at least one name" on update: a compound
// needs at least one of its names ('Compound must have at least one name!') — an early compound has a code and no brand.

/** The phase that makes mechanism of action and route of administration required (admin-console §5). */
export const PHASE_NEEDING_DETAILS = "Phase 2";

const chips = z.optional(z.string().check(z.maxLength(4000, "Maximum 4000 characters")));

/** The form's fields, without the rules across fields (compoundRules). */
const CompoundFields = z.object({
  name: z.optional(z.object({ brand: optionalText(200), generic: optionalText(200), scientific: optionalText(300), other: chips })),
  client: z.string({ error: FIELD_REQUIRED }),
  therapeuticArea: z.string({ error: FIELD_REQUIRED }),
  disease: z.string({ error: FIELD_REQUIRED }),
  originator: z.string({ error: COMPOUND_ORIGINATOR_REQUIRED }),
  licensee: z.optional(
    z
      .array(
        z.object({
          region: z.enum(REGIONS, { error: FIELD_REQUIRED }),
          companies: z
            .array(z.string(), { error: FIELD_REQUIRED })
            .check(z.minLength(1, FIELD_REQUIRED), z.maxLength(50, "Choose at most 50")),
        }),
      )
      .check(z.maxLength(20, "At most 20 licensee entries")),
  ),
  approvedInGeographies: chips,
  compoundWebsite: optionalLink,
  routeOfAdministration: optionalText(200),
  mechanismOfAction: optionalText(300),
  therapeuticModality: z.enum(THERAPEUTIC_MODALITIES, { error: FIELD_REQUIRED }),
  priority: z.number({ error: FIELD_REQUIRED }).check(z.refine((n) => n === 1 || n === 2 || n === 3, FIELD_REQUIRED)),
  developmentPhase: z.enum(DEVELOPMENT_PHASES, { error: FIELD_REQUIRED }),
  isDMT: z.optional(z.boolean()),
  status: z.enum(ACTIVE_STATUSES, { error: FIELD_REQUIRED }),
  logo: z.optional(z.file()),
  removeLogo: z.optional(z.boolean()),
});

/** The rules across fields: at least one name; a Phase 2 compound's mechanism of action and route of administration. */
const compoundRules = <S extends z.ZodMiniType<z.output<typeof CompoundWithoutLogo>>>(schema: S) =>
  schema.check(
    // Checked whatever else is wrong, so every problem shows at once.
    z.superRefine(
      (v: z.output<typeof CompoundWithoutLogo>, ctx) => {
        const name = v.name ?? {};
        if (![name.brand, name.generic, name.scientific, name.other?.replaceAll(",", "")].some((n) => n?.trim()))
          ctx.addIssue({ code: "custom", path: ["name"], message: COMPOUND_NAME_REQUIRED });
        if (v.developmentPhase !== PHASE_NEEDING_DETAILS) return;
        for (const field of ["mechanismOfAction", "routeOfAdministration"] as const)
          if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message: FIELD_REQUIRED });
      },
      { when: () => true },
    ),
  );

const CompoundWithoutLogo = z.omit(CompoundFields, { logo: true, removeLogo: true });

export const CompoundSchema = compoundRules(CompoundFields);
export type CompoundFormOutput = z.output<typeof CompoundSchema>;
/** A compound written through the integration API: the form's fields and rules, without the logo. */
export const CompoundBody = compoundRules(CompoundWithoutLogo);
/** The same fields, any of them (an API update), checked by the rules once merged with the compound's own. */
export const CompoundPatch = z.partial(CompoundWithoutLogo);

/** The form's values as strings (conform's default value); chips as one comma-separated text. */
export interface CompoundFormValues {
  name: { brand: string; generic: string; scientific: string; other: string };
  client: string;
  therapeuticArea: string;
  disease: string;
  originator: string;
  licensee: Array<{ region: string; companies: string[] }>;
  approvedInGeographies: string;
  compoundWebsite: string;
  routeOfAdministration: string;
  mechanismOfAction: string;
  therapeuticModality: string;
  priority: string;
  developmentPhase: string;
  isDMT: string;
  status: string;
}
