import type { ReportModel } from "#workers/engine/model";

/** What the page gives every renderer besides the model. */
export interface RenderOptions {
  /** Address of a company's logo thumbnail, or null when the company has none (landscape type 1). */
  logoUrl: (company: string) => string | null;
  /** The width to lay the report out for, in em of its font, when it is fitted to its box (the timeline chart); null
   *  for its natural width. */
  width?: number | null;
  /** Where the report's launches are listed as a table (the Launch table of the same disease and view), or null when
   *  the disease has none (the timeline chart points to it for what it leaves undrawn). */
  launchTable?: string | null;
}

/** The class of the link to the Launch table, which the page updates in place when the view in its address changes. */
export const LAUNCH_TABLE_LINK = "rt-launch-table";

/**
 * Draws a report model into `host` with D3 (the host is emptied first). Sizes of text are in `em`, so the page's
 * font-size control (a CSS font-size on the host) scales a report without drawing it again. Long lists are drawn
 * in chunks (see progressive.ts); the returned function cancels what is still pending and is called before the
 * next draw and on unmount.
 */
export type Renderer<M extends ReportModel = ReportModel> = (host: HTMLElement, model: M, options: RenderOptions) => () => void;
