// The report viewer's state lives in the URL (user-app §2: ?type=…&tm=true), so every control works as a plain GET
// form without JavaScript, a view can be shared as a link, and Back/Forward step through it.
import { isReportType, type ReportTypeId } from "#common/constants";

export const FONT_SIZE = { min: 10, max: 32, default: 18 } as const;
/** A size outside FONT_SIZE is refused rather than silently clamped: the control keeps what was typed (as the URL
 *  does) and says why the report stays at the default size. */
export const FONT_SIZE_REFUSED = `Font size must be a whole number from ${FONT_SIZE.min} to ${FONT_SIZE.max} px; the report stays at ${FONT_SIZE.default} px.`;

/** Zoom: "fit" scales the report down to the width of its box (never up); a number is a percentage. */
export const ZOOM_LEVELS = [50, 75, 100, 125, 150] as const;
export type Zoom = "fit" | (typeof ZOOM_LEVELS)[number];
/** Reports that are wide by nature open fitted to the width; tables and lists open at 100 % and scroll. */
const FIT_BY_DEFAULT: readonly string[] = ["landscape-type-1", "landscape-type-2", "landscape-type-3", "timeline-chart"];
export const defaultZoom = (type: string | null): Zoom => (type && FIT_BY_DEFAULT.includes(type) ? "fit" : 100);
/** Text a reader can read on screen, in px: Fit to width never zooms the reports' smallest text below it. */
export const READABLE_PX = 12;
/** The smallest text of a drawn report, in em of its font size: the boards' cards (reports-boards.css). */
const SMALLEST_TEXT_EM = 0.75;
/**
 * The least zoom Fit to width may use: 0.75, or more where the font size is small (text stays READABLE_PX or more),
 * never above 100 %. Past it the report scrolls sideways in its box — so the font size chosen always shows: at 30 px
 * the text is larger than at 18 px, however wide the report. (Rounded up to the zoom's 3 decimals.)
 */
export const fitZoomFloor = (fontSize: number) =>
  Math.min(1, Math.ceil(Math.max(0.75, READABLE_PX / (SMALLEST_TEXT_EM * fontSize)) * 1000) / 1000);

export interface ReportView {
  type: string | null;
  /** Therapeutic-modality variant of landscape type 1 (tm=true). */
  tm: boolean;
  /** Landscape type 2: LOT columns combined (1L, 1LC and 1LM under 1L). */
  combineLot: boolean;
  /** Timeline chart: the axis starts at the first launch instead of 2019 (first=true). */
  startAtFirstLaunch: boolean;
  /** The size the report is drawn at (the default while the requested one is refused). */
  fontSize: number;
  /** The font size as requested, when it is refused (shown in the control with FONT_SIZE_REFUSED). */
  refusedFontSize: string | null;
  zoom: Zoom;
  footnotes: boolean;
  /** Footnotes beside the report instead of below it. */
  vertical: boolean;
  /** Invalid Records table shown. */
  invalid: boolean;
  /** The report as it stood at the end of this day (UTC, YYYY-MM-DD), built from the sheet's version then (issue 30);
   *  null for today's. A day that is not a date, or not before today, is today. */
  asOf: string | null;
  /** "What changed" since the end of this day (UTC, YYYY-MM-DD; before asOf when that is set), or since the version before
   *  the one the report shows (PREVIOUS_VERSION): null for none. */
  compare: string | null;
}

/** `asOf` as the view reads it: a real day before today (UTC), else null. */
export function readAsOf(value: string | null, now = new Date()): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return null;
  return value < now.toISOString().slice(0, 10) ? value : null;
}

/** `compare=previous`: what changed since the version before the one the report shows (issue 30). */
export const PREVIOUS_VERSION = "previous";

/** `compare` as the view reads it: a real day before the report's own (asOf, else today), or PREVIOUS_VERSION. */
export function readCompare(value: string | null, asOf: string | null, now = new Date()): string | null {
  if (value === PREVIOUS_VERSION) return value;
  const day = readAsOf(value, now);
  return day && (!asOf || day < asOf) ? day : null;
}

/** The last moment of an asOf day (UTC): the version read by then is the one in force. */
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

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
  const type = search.get("type");
  const requested = search.get("fs")?.trim() ?? "";
  const size = /^\d{1,3}$/.test(requested) ? Number(requested) : Number.NaN;
  const sizeOk = size >= FONT_SIZE.min && size <= FONT_SIZE.max;
  const zoom = search.get("zoom");
  return {
    type,
    tm: flag("tm", false),
    combineLot: flag("lot", false),
    startAtFirstLaunch: flag("first", false),
    fontSize: sizeOk ? size : FONT_SIZE.default,
    refusedFontSize: requested === "" || sizeOk ? null : requested,
    zoom: zoom === "fit" ? "fit" : (ZOOM_LEVELS.find((level) => String(level) === zoom) ?? defaultZoom(type)),
    footnotes: flag("footnotes", true),
    vertical: flag("vertical", false),
    invalid: flag("invalid", false),
    asOf: readAsOf(search.get("asOf")),
    compare: readCompare(search.get("compare"), readAsOf(search.get("asOf"))),
  };
}

/** The report's heading: "Alzheimer's Disease: Pipeline by phase" (the disease's title prefix, then the report). */
export function reportTitle(disease: { titlePrefix: string }, reportName: string) {
  return [disease.titlePrefix, reportName].filter(Boolean).join(": ");
}

/** An export's file name, "Alzheimer's Disease - Pipeline by phase.pptx", without the characters file systems refuse. */
export function exportFileName(disease: { name: string; titlePrefix: string }, reportName: string, extension: string) {
  return `${disease.titlePrefix || disease.name} - ${reportName}.${extension}`.replace(/[\\/:*?"<>|]+/g, " ");
}

/** Params that change only how the report looks: the page does not need new data when only these change. */
export const PRESENTATION_PARAMS = [VIEW_FORM_MARK, "fs", "zoom", "footnotes", "vertical", "invalid", "ipage", "wpage"] as const;

type TypeResolution =
  { kind: "none" } | { kind: "redirect"; type: ReportTypeId } | { kind: "unknown" } | { kind: "ok"; type: ReportTypeId };

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
