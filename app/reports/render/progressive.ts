// Drawing tens of thousands of elements at once would freeze the page for seconds, so renderers append long lists in
// time-sliced chunks across animation frames; CSS `content-visibility: auto` on the chunked elements lets the browser
// skip layout and paint of what is off screen. Past a few hundred rows or a thousand items even that is too much for
// the page, so long tables (drawTableRows), boards (fillListsInChunks in board-window.ts) and the timeline chart are
// windowed: only what is near the part on screen is in the page, and drawEverything() puts all of it in for print and
// the export.
import { select, type BaseType, type Selection } from "d3-selection";

/** Items drawn at once, before the first frame: what is above the fold shows immediately. */
export const CHUNK_SIZE = 50;
/** Later frames draw slices of this many items while the frame's script budget lasts. */
export const SLICE = 10;
/** Script time per frame, leaving the rest of a 16 ms frame (and more on slow machines) to layout and paint. */
export const FRAME_BUDGET_MS = 8;

type Frame = (callback: () => void) => number;

/** requestAnimationFrame in a page; a zero timeout elsewhere (jsdom in unit tests). */
export const nextFrame: Frame = (callback) =>
  typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : (setTimeout(callback, 0) as unknown as number);
export const cancelFrame = (id: number) =>
  typeof cancelAnimationFrame === "function" ? cancelAnimationFrame(id) : clearTimeout(id as unknown as ReturnType<typeof setTimeout>);

/**
 * Calls `draw(slice, offset)` for `items`: the first `chunkSize` synchronously (so what is above the fold shows at
 * once), the rest in slices, as many per frame as fit its script budget (measured: fixed chunks of 400 calendar rows
 * made 0.7 s frames at 2k rows on the CI machine). `done` runs after the last slice. Returns a cancel function.
 */
export function drawInChunks<T>(
  items: readonly T[],
  draw: (slice: readonly T[], offset: number) => void,
  done?: () => void,
  chunkSize = CHUNK_SIZE,
): () => void {
  let offset = 0;
  let frame: number | null = null;
  let cancelled = false;
  const drawNext = (count: number) => {
    draw(items.slice(offset, offset + count), offset);
    offset += count;
  };
  const step = () => {
    frame = null;
    if (cancelled) return;
    const start = performance.now();
    do drawNext(SLICE);
    while (offset < items.length && performance.now() - start < FRAME_BUDGET_MS);
    if (offset < items.length) frame = nextFrame(step);
    else done?.();
  };
  if (items.length === 0) done?.();
  else {
    drawNext(chunkSize);
    if (offset < items.length) frame = nextFrame(step);
    else done?.();
  }
  return () => {
    cancelled = true;
    if (frame !== null) cancelFrame(frame);
  };
}

/** Runs `steps` (work that pauses now and then by yielding) to the end, now. */
export function finish<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs `steps` across animation frames, for as long as a frame's script budget lasts each, then calls `done` with
 *  its result. Returns a cancel function. */
export function runInFrames<T>(steps: Generator<unknown, T>, done: (result: T) => void): () => void {
  let frame: number | null = null;
  const step = () => {
    const start = performance.now();
    do {
      const next = steps.next();
      if (next.done) return done(next.value);
    } while (performance.now() - start < FRAME_BUDGET_MS);
    frame = nextFrame(step);
  };
  frame = nextFrame(step);
  return () => {
    if (frame !== null) cancelFrame(frame);
  };
}

/** Resolves when every chunk of the draws started so far in `node` (a host or an ancestor of one) has been appended
 *  (for tests and the image export). */
export function whenDrawn(node: HTMLElement): Promise<void> {
  const drawing = () => node.dataset.drawing === "true" || node.querySelector('[data-drawing="true"]') !== null;
  return new Promise((resolve) => {
    const check = () => (drawing() ? nextFrame(check) : resolve());
    check();
  });
}

/** The first of indices 0 to `count` - 1 where `test` holds (it holds for every later one), or `count`. */
export function firstIndex(count: number, test: (index: number) => boolean) {
  let [lo, hi] = [0, count];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Tables with more rows than this are windowed; shorter ones are drawn whole, in chunks. */
export const WINDOW_FROM = 300;
/** Height of a row not drawn yet, until some are measured (then their mean). */
const ROW_ESTIMATE_PX = 32;

interface TableRows<T> {
  /** The renderer's host, marked `data-drawing` while chunks are pending. */
  host: HTMLElement;
  /** The box the table scrolls in; its parent (position: relative) shows the scroll shadows. */
  scroller: HTMLElement;
  table: HTMLTableElement;
  body: HTMLTableSectionElement;
  rows: readonly T[];
  /** Appends `slice` (the rows from `offset`) to `body` as `<tr>`s. */
  draw: (body: Selection<HTMLTableSectionElement, unknown, null, undefined>, slice: readonly T[], offset: number) => void;
  /** Rows drawn at once when windowed, before the first frame (CHUNK_SIZE unless a table's rows are taller): the
   *  first frame lays them all out in one task, and the frames after draw what a scroll needs. */
  firstRows?: number;
}

/** A report drawn in part (a windowed table, board or chart) that print and the export need whole. */
export interface Windowed {
  /** Everything in the page until release(): from now (`now`), or over the next frames, marking the renderer's host
   *  `data-drawing` until done (whenDrawn). */
  hold(now: boolean): void;
  release(): void;
}

/** The windowed parts by element (marked `data-windowed`), for drawEverything(). */
const windowed = new WeakMap<Element, Windowed>();

/** Lets drawEverything() find `part` at `el` until the returned function is called. */
export function registerWindowed(el: HTMLElement, part: Windowed): () => void {
  windowed.set(el, part);
  el.dataset.windowed = "";
  return () => {
    windowed.delete(el);
    delete el.dataset.windowed;
  };
}

/** The scroll box of a table that drawTableRows draws, inside the frame its edge shadows are drawn on; a group named
 *  `label` that the keyboard can scroll. */
export function appendTableScroll<E extends BaseType>(parent: Selection<E, unknown, null, undefined>, label: string) {
  return parent
    .append("div")
    .attr("class", "rt-table-frame")
    .append("div")
    .attr("class", "rt-table-scroll")
    .attr("tabindex", 0)
    .attr("role", "group")
    .attr("aria-label", label);
}

/**
 * Draws the body rows of a long table and keeps its scroll box's affordances up to date: shadows at the edges it
 * has scrolled from or can scroll to (on the box's parent: `rt-scrolled-x/y`, `rt-more-x/y`), and the box's height
 * cut at a row boundary (`--rt-box-height`) so its last row is never cut mid-text. Returns a cancel function.
 */
export function drawTableRows<T>(options: TableRows<T>): () => void {
  const table = new RowWindow(options as TableRows<unknown>);
  const unregister = registerWindowed(options.scroller, table);
  return () => {
    unregister();
    table.cancel();
  };
}

/**
 * Puts all of every windowed table, board and chart in `node` (or `node` itself) into the page, for print and the
 * image export, until the returned function is called. `now`: in this task (`beforeprint`: the browser lays the page
 * out right after it); otherwise in chunks across frames, which whenDrawn(node) waits for.
 */
export function drawEverything(node: HTMLElement, now = false): () => void {
  const held = [...(node.matches("[data-windowed]") ? [node] : []), ...node.querySelectorAll("[data-windowed]")].flatMap(
    (el) => windowed.get(el) ?? [],
  );
  for (const part of held) part.hold(now);
  return () => held.forEach((part) => part.release());
}

/** A table body drawn as rows [start, end), between two spacer rows that stand for the others when it is windowed. */
class RowWindow implements Windowed {
  private start = 0;
  private end = 0;
  /** The drawn rows, in order: rows [start, end). */
  private drawn: HTMLTableRowElement[] = [];
  /** Measured row heights (0: not yet), their count and sum, and each row's offset from the first (n + 1 entries). */
  private readonly heights: Float64Array;
  private measured = { count: 0, sum: 0 };
  private readonly offsets: Float64Array;
  /** Callers that need every row (print, export); a table short enough to be drawn whole holds one itself. */
  private holds = 0;
  private stopFill: (() => void) | null = null;
  private frame: number | null = null;
  /** Whether the box's height was cut at a row boundary since the last resize. */
  private fitted = false;
  /** Until the first frame has laid out the first rows: the margin around them waits for the next. */
  private first = true;
  private readonly spacers: [HTMLTableRowElement, HTMLTableRowElement] | null = null;
  private readonly resize: ResizeObserver | null = null;
  private readonly schedule = () => {
    this.frame ??= nextFrame(() => {
      this.frame = null;
      this.update();
    });
  };
  private readonly refit = () => {
    this.fitted = false;
    this.schedule();
  };

  constructor(private readonly o: TableRows<unknown>) {
    const n = o.rows.length;
    this.heights = new Float64Array(n);
    this.offsets = new Float64Array(n + 1);
    o.scroller.addEventListener("scroll", this.schedule, { passive: true });
    addEventListener("resize", this.refit);
    // The font-size control and the page's width change the rows' heights without a redraw.
    if (typeof ResizeObserver === "function") {
      this.resize = new ResizeObserver(this.refit);
      this.resize.observe(o.table.tHead ?? o.table);
    }
    if (n <= WINDOW_FROM) {
      this.holds = 1;
      this.fill();
    } else {
      // The rows not in the page still count for screen readers.
      const head = [...(o.table.tHead?.rows ?? [])];
      o.table.setAttribute("aria-rowcount", String(head.length + n));
      head.forEach((tr, i) => tr.setAttribute("aria-rowindex", String(i + 1)));
      this.spacers = [this.spacer(), this.spacer()];
      o.body.append(...this.spacers);
      this.measure();
      this.setRange(0, o.firstRows ?? CHUNK_SIZE);
    }
    this.schedule();
  }

  /** Every row in the page, from now (`now`) or over the next frames, until release(). */
  hold(now: boolean) {
    this.holds++;
    if (now) {
      this.stopFill?.();
      this.setRange(0, this.o.rows.length);
      this.filled();
    } else if (this.holds === 1) this.fill();
  }

  release() {
    if (--this.holds > 0) return;
    this.stopFill?.();
    this.filled();
    this.schedule();
  }

  cancel() {
    this.stopFill?.();
    this.filled();
    if (this.frame !== null) cancelFrame(this.frame);
    this.o.scroller.removeEventListener("scroll", this.schedule);
    removeEventListener("resize", this.refit);
    this.resize?.disconnect();
  }

  private spacer() {
    const doc = this.o.body.ownerDocument;
    const tr = doc.createElement("tr");
    tr.className = "rt-spacer";
    tr.setAttribute("aria-hidden", "true");
    const td = tr.appendChild(doc.createElement("td"));
    td.colSpan = 1000; // every column, whatever their number
    return tr;
  }

  /** Draws the missing rows in chunks: those below the drawn ones first, then those above, nearest first. */
  private fill() {
    const { start, end } = this;
    const below = Array.from({ length: this.o.rows.length - end }, (_, k) => end + k);
    const above = Array.from({ length: start }, (_, k) => start - 1 - k);
    this.o.host.dataset.drawing = "true";
    this.stopFill = drawInChunks(
      [...below, ...above],
      (slice) => {
        const [a, b] = [slice[0]!, slice[slice.length - 1]!];
        this.setRange(Math.min(this.start, a, b), Math.max(this.end, a + 1, b + 1));
      },
      () => this.filled(),
    );
  }

  private filled() {
    this.stopFill = null;
    delete this.o.host.dataset.drawing;
  }

  /** Shows rows [start, end): removes the others, draws the missing ones, sizes the spacers. */
  private setRange(start: number, end: number) {
    [start, end] = [Math.max(0, start), Math.min(this.o.rows.length, end)];
    const remove = (rows: HTMLTableRowElement[]) => rows.forEach((tr) => tr.remove());
    if (end <= this.start || start >= this.end) {
      remove(this.drawn.splice(0));
      this.start = this.end = start;
    }
    if (start > this.start) remove(this.drawn.splice(0, start - this.start));
    if (end < this.end) remove(this.drawn.splice(end - Math.max(start, this.start)));
    [this.start, this.end] = [Math.max(start, this.start), Math.min(end, this.end)];
    if (start < this.start) {
      const rows = this.rowsOf(start, this.start);
      this.o.body.insertBefore(fragmentOf(rows), this.drawn[0] ?? this.spacers?.[1] ?? null);
      [this.drawn, this.start] = [rows.concat(this.drawn), start];
    }
    if (end > this.end) {
      const rows = this.rowsOf(this.end, end);
      this.o.body.insertBefore(fragmentOf(rows), this.spacers?.[1] ?? null);
      [this.drawn, this.end] = [this.drawn.concat(rows), end];
    }
    this.sizeSpacers();
  }

  /** The spacers as tall as the rows they stand for. */
  private sizeSpacers() {
    if (!this.spacers) return;
    this.spacers[0].cells[0]!.style.height = `${this.offsets[this.start]}px`;
    this.spacers[1].cells[0]!.style.height = `${this.offsets[this.o.rows.length]! - this.offsets[this.end]!}px`;
  }

  /** Rows [from, to), drawn apart. */
  private rowsOf(from: number, to: number): HTMLTableRowElement[] {
    const scratch = this.o.body.ownerDocument.createElement("tbody");
    this.o.draw(select(scratch), this.o.rows.slice(from, to), from);
    const head = this.o.table.tHead?.rows.length ?? 0;
    const rows = [...scratch.rows];
    rows.forEach((tr, k) => {
      // Stripes by row number: a window does not always start on an odd row.
      if ((from + k) % 2 === 1) tr.classList.add("rt-alt");
      if (this.spacers) tr.setAttribute("aria-rowindex", String(head + from + k + 1));
    });
    return rows;
  }

  /** The drawn rows' heights, then every row's offset (a row not measured yet counts as the mean of those that were). */
  private measure() {
    this.drawn.forEach((tr, k) => {
      const height = tr.getBoundingClientRect().height;
      const i = this.start + k;
      if (height === 0) return; // not laid out (jsdom)
      this.measured =
        this.heights[i] === 0
          ? { count: this.measured.count + 1, sum: this.measured.sum + height }
          : { count: this.measured.count, sum: this.measured.sum + height - this.heights[i]! };
      this.heights[i] = height;
    });
    const estimate = this.measured.count > 0 ? this.measured.sum / this.measured.count : ROW_ESTIMATE_PX;
    for (let i = 0; i < this.heights.length; i++) this.offsets[i + 1] = this.offsets[i]! + (this.heights[i] || estimate);
  }

  /** The first row whose bottom is below `y` (px from the first row's top). */
  private rowAt(y: number) {
    return firstIndex(this.o.rows.length, (k) => this.offsets[k + 1]! > y);
  }

  /** After a scroll or a resize: the rows near what the box shows, the box's height, the shadows. */
  private update() {
    const { scroller, body } = this.o;
    if (this.spacers && this.holds > 0) return this.shade(); // every row is in, for print or the export
    if (!this.fitted) this.measure();
    // Where the first row is in the box's content (below the header).
    const rowsTop = () => body.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop - scroller.clientTop;
    if (this.spacers) {
      // A screen of rows above and below what shows, drawn again once the view nears either end (or far more are
      // drawn, after print). A second pass when the new rows were shorter than estimated and leave a gap.
      for (let pass = 0; pass < 2; pass++) {
        const top = scroller.scrollTop - rowsTop();
        const view = Math.max(scroller.clientHeight, 400);
        const covered = this.rowAt(top - view / 2) >= this.start && this.rowAt(top + view * 1.5) < this.end;
        const far = this.start < this.rowAt(top - view * 3) || this.end > this.rowAt(top + view * 4) + 1;
        if (covered && !far) break;
        const [from, to] = [this.rowAt(top - view), this.rowAt(top + view * 2) + 1];
        const shown = !far && this.rowAt(top) >= this.start && this.rowAt(top + scroller.clientHeight) < this.end;
        if (shown) {
          // What the box shows is in: the margin follows a slice a frame, from the frame after the first rows' layout
          // (drawn with them, it doubled that frame's layout: the calendar's rows are many chips each).
          if (!this.first) {
            this.setRange(Math.min(this.start, Math.max(from, this.start - SLICE)), Math.max(this.end, Math.min(to, this.end + SLICE)));
            this.measure();
            this.sizeSpacers();
          }
          this.schedule();
          break;
        }
        this.setRange(from, to);
        this.measure();
        this.sizeSpacers();
      }
    }
    this.first = false;
    if (!this.fitted) this.fit(rowsTop());
    this.shade();
  }

  /** The box at its CSS height, or when rows overflow it, cut at the bottom of the last row that shows whole. */
  private fit(rowsTop: number) {
    const { scroller } = this.o;
    scroller.style.removeProperty("--rt-box-height");
    if (this.measured.count === 0 || scroller.scrollHeight <= scroller.clientHeight) return;
    this.fitted = true;
    const whole = this.rowAt(scroller.clientHeight - rowsTop + 0.5);
    if (whole > 0)
      scroller.style.setProperty(
        "--rt-box-height",
        `${Math.floor(rowsTop + this.offsets[whole]! + scroller.offsetHeight - scroller.clientHeight)}px`,
      );
  }

  /** Shadows on the edges the box has scrolled from and can scroll to (they stop at the scroll bars). */
  private shade() {
    const { scroller } = this.o;
    const frame = scroller.parentElement!;
    const { scrollLeft, scrollTop, scrollWidth, scrollHeight, clientWidth, clientHeight } = scroller;
    frame.classList.toggle("rt-scrolled-x", scrollLeft > 0);
    frame.classList.toggle("rt-scrolled-y", scrollTop > 0);
    frame.classList.toggle("rt-more-x", scrollLeft + clientWidth < scrollWidth - 1);
    frame.classList.toggle("rt-more-y", scrollTop + clientHeight < scrollHeight - 1);
    frame.style.setProperty("--rt-bar-x", `${scroller.offsetHeight - clientHeight}px`);
    frame.style.setProperty("--rt-bar-y", `${scroller.offsetWidth - clientWidth}px`);
  }
}

function fragmentOf(nodes: readonly Node[]) {
  const fragment = new DocumentFragment();
  for (const node of nodes) fragment.append(node);
  return fragment;
}
