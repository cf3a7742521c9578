// Shared by the renderer tests: build a report model from the Alzheimer's fixture, draw it into a fresh host, read text.
import { expect } from "vitest";

import { buildReport, type BuildOptions, type SheetData } from "#workers/engine";
import type { ModelOf, ReportModel, ReportType } from "#workers/engine/model";
import { CHUNK_SIZE, whenDrawn } from "~/reports/render/progressive";
import type { Renderer, RenderOptions } from "~/reports/render/types";

import { alzheimersSheet } from "../engine/fixtures/alzheimers";

/** 'Today' for every renderer test. */
export const NOW = new Date("2026-01-15T00:00:00Z");

/** Render options without any company logos. */
export const NO_LOGOS: RenderOptions = { logoUrl: () => null };

/** The `type` report built from `sheet` at NOW (unless `options.now` says otherwise); throws if the build fails. */
export function modelOf<T extends ReportType>(type: T, sheet: SheetData = alzheimersSheet(), options: BuildOptions = {}): ModelOf<T> {
  const result = buildReport(type, sheet, { now: NOW, ...options });
  if (!result.ok) throw new Error(`report failed: ${JSON.stringify(result)}`);
  return result;
}

/** `model` drawing into a fresh host: only the first chunk is there yet. */
export function started<M extends ReportModel>(render: Renderer<M>, model: M, options: RenderOptions = NO_LOGOS) {
  const host = document.createElement("div");
  const cancel = render(host, model, options);
  return { host, cancel };
}

/** A fresh host with all of `model` drawn. */
export async function drawn<M extends ReportModel>(render: Renderer<M>, model: M, options: RenderOptions = NO_LOGOS): Promise<HTMLElement> {
  const { host } = started(render, model, options);
  await whenDrawn(host);
  return host;
}

/** Waits long enough for cancelled chunks to have been drawn, had they not been cancelled. */
export const pause = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asserts that `model` (`total` items, as counted by `count`) is drawn in chunks: the first at once, a cancel stops the
 * rest, and a full draw has them all. Returns the fully drawn host.
 */
export async function expectChunkedDrawing<M extends ReportModel>(
  render: Renderer<M>,
  model: M,
  count: (host: HTMLElement) => unknown[],
  total: number,
) {
  const { host, cancel } = started(render, model);
  expect(count(host)).toHaveLength(CHUNK_SIZE);
  expect(host.dataset.drawing).toBe("true");
  cancel();
  expect(host.dataset.drawing).toBeUndefined();
  await pause();
  expect(count(host)).toHaveLength(CHUNK_SIZE);
  const full = await drawn(render, model);
  expect(count(full)).toHaveLength(total);
  return full;
}

/** Trimmed text of each element. */
export const texts = (els: Iterable<Element>) => [...els].map((e) => e.textContent?.trim());

/** An element's text with runs of whitespace collapsed, or null without an element. */
export const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, " ").trim() ?? null;

/** Rows of a table body (not a windowed table's spacers). */
export const bodyRows = (host: HTMLElement) => [...host.querySelectorAll<HTMLTableRowElement>("tbody tr:not(.rt-spacer)")];
