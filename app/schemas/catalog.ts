import { z } from "zod";
import { REPORT_TYPES } from "~/utils/constants";

// Therapeutic area and disease forms (user-app §2, §5). One schema per form, used in the browser and the action.

/** Area dialog: an 'Area name' input; no length rule in the spec beyond a sane cap. */
export const AreaSchema = z.object({
  name: z.string({ error: "Area name is required" }).trim().min(1, "Area name is required").max(200, "Maximum 200 characters"),
});

/** Headers Range: a cell such as A5, or a row span such as A5:AH5. */
export const HEADERS_RANGE = /^[A-Z]{1,3}[1-9]\d{0,6}(:[A-Z]{1,3}[1-9]\d{0,6})?$/i;
export const HEADERS_RANGE_MESSAGE = "Headers Range must be a cell like A5 or a range like A5:AH5";

const REPORT_IDS = REPORT_TYPES.map((r) => r.id) as [(typeof REPORT_TYPES)[number]["id"], ...Array<(typeof REPORT_TYPES)[number]["id"]>];

const required = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `Maximum ${max} characters`);

/** Disease form: Disease Name, Sheet ID, Sheet Name and Headers Range required. */
export const DiseaseSchema = z.object({
  name: required("Disease Name"),
  sheetId: required("Sheet ID").regex(/^[A-Za-z0-9_-]+$/, "Sheet ID may contain only letters, digits, - and _"),
  sheetName: required("Sheet Name"),
  range: required("Headers Range", 20).regex(HEADERS_RANGE, HEADERS_RANGE_MESSAGE).transform((v) => v.toUpperCase()),
  titlePrefix: z.string().trim().max(200, "Maximum 200 characters").optional(),
  reports: z.array(z.enum(REPORT_IDS, { error: "Unknown report type" })).max(REPORT_IDS.length).default([]),
  tm: z.boolean().default(false),
  verified: z.boolean().default(false),
  /** Comma-separated mesh keywords. */
  mesh: z.string().max(2000, "Maximum 2000 characters").optional(),
});
export type DiseaseInput = z.output<typeof DiseaseSchema>;

/** The disease form's second button: read the sheet with the settings as typed and report, without saving. */
export const TEST_SHEET_INTENT = "test-sheet";

export function meshList(mesh: string | undefined) {
  return [...new Set((mesh ?? "").split(",").map((m) => m.trim()).filter(Boolean))].slice(0, 100);
}
