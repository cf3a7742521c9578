// The report viewer's state lives in the URL (user-app §2: ?type=…&tm=true), so every control works as a plain GET
// form without JavaScript, a view can be shared as a link, and Back/Forward step through it.
import { isReportType, type ReportTypeId } from "#common/constants";

export const FONT_SIZE = { min: 10, max: 32, default: 18 } as const;

export interface ReportView {
  type: string | null;
  /** Therapeutic-modality variant of landscape type 1 (tm=true). */
  tm: boolean;
  /** Landscape type 2: LOT columns combined (1L, 1LC and 1LM under 1L). */
  combineLot: boolean;
  fontSize: number;
  footnotes: boolean;
  /** Footnotes beside the report instead of below it. */
  vertical: boolean;
  /** Invalid Records table shown. */
  invalid: boolean;
}

/**
 * A checkbox that is on by default must read "off" when the form was submitted without it, and "on" when the page
 * is opened without the form: the form sends `view=1` so the two cases can be told apart.
 */
export const VIEW_FORM_MARK = "view";

export function readView(search: URLSearchParams): ReportView {
  const fromForm = search.has(VIEW_FORM_MARK);
  const flag = (name: string, byDefault: boolean) => {
    const value = search.get(name);
    if (value === null) return fromForm ? false : byDefault;
    return value === "true" || value === "on" || value === "1";
  };
  const size = Number.parseInt(search.get("fs") ?? "", 10);
  return {
    type: search.get("type"),
    tm: flag("tm", false),
    combineLot: flag("lot", false),
    fontSize: Number.isFinite(size) ? Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, size)) : FONT_SIZE.default,
    footnotes: flag("footnotes", true),
    vertical: flag("vertical", false),
    invalid: flag("invalid", false),
  };
}

/** The report's heading: "Alzheimer's Disease: Landscape Type 1" (the disease's title prefix, then the report). */
export function reportTitle(disease: { titlePrefix: string }, reportName: string) {
  return [disease.titlePrefix, reportName].filter(Boolean).join(": ");
}

/** An export's file name, "Alzheimer's Disease - Landscape Type 1.pptx", without the characters file systems refuse. */
export function exportFileName(disease: { name: string; titlePrefix: string }, reportName: string, extension: string) {
  return `${disease.titlePrefix || disease.name} - ${reportName}.${extension}`.replace(/[\\/:*?"<>|]+/g, " ");
}

/** Params that change only how the report looks: the page does not need new data when only these change. */
export const PRESENTATION_PARAMS = [VIEW_FORM_MARK, "fs", "footnotes", "vertical", "invalid", "ipage"] as const;

type TypeResolution =
  | { kind: "none" }
  | { kind: "redirect"; type: ReportTypeId }
  | { kind: "unknown" }
  | { kind: "ok"; type: ReportTypeId };

/**
 * user-app §2: no configured report → 'No Reports selected'; type missing or a known type this disease does not
 * have → the first configured type; a type that is no report at all → 'Report Not Available'.
 */
export function resolveReportType(configured: readonly ReportTypeId[], requested: string | null): TypeResolution {
  if (configured.length === 0) return { kind: "none" };
  if (requested && configured.includes(requested as ReportTypeId)) return { kind: "ok", type: requested as ReportTypeId };
  if (requested && !isReportType(requested)) return { kind: "unknown" };
  return { kind: "redirect", type: configured[0]! };
}
