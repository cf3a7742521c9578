// How the landscape boards (reports 1, 5 and 6) put their items into the page. Each list (a phase column, a LOT column,
// a focus area's cell of a phase) holds its items in groups of GROUP_SIZE (`.rb-group`, no role: the items stay the
// list's for assistive technology), filled in chunks across frames. A board of up to BOARD_WINDOW_FROM items is drawn
// whole, and the browser skips its groups while off screen (`content-visibility`). A larger one is windowed, as the
// long tables are (progressive.ts): each list holds only the groups within a screen of what the viewport shows (and of
// the board's sideways scroll box), between two spacers as tall as the groups they stand for (measured once drawn, else
// estimated), and lets them go again past three screens. A 50k-row board then holds a few thousand elements instead of
// 400k–800k, and since most groups are not in the page at all, it lays out in milliseconds: with one empty element per
// group, the 2,500 of a 30k-card board cost tens of milliseconds at every layout of the page (a zoom, the font size).
// The groups filled ahead of the view are still skipped by the browser until they come on screen (`content-visibility`,
// at their estimated size): filling them costs no layout or paint while the page scrolls.
import { select, type Selection } from "d3-selection";

import { cancelFrame, CHUNK_SIZE, firstIndex, FRAME_BUDGET_MS, nextFrame, registerWindowed, SLICE, type Windowed } from "./progressive";

/** A group of a list, which D3 appends items to. */
export type List = Selection<HTMLElement, unknown, null, undefined>;

/** Boxes and cards per group: a multiple of every box-column count (1–4), so groups tile a board's grid; small enough
 *  that a windowed board holds little more than what shows (twelve cards are two to three screens). */
export const GROUP_SIZE = 12;
/** Boards with more items than this are windowed; smaller ones are drawn whole. */
export const BOARD_WINDOW_FROM = 1000;

/**
 * Appends `items[k]` to `lists[k]` in groups, row by row across the lists (the first chunk fills the top of every
 * column rather than one whole column), windowed past BOARD_WINDOW_FROM items. A windowed board's items carry
 * `aria-posinset`/`aria-setsize`, so a screen reader still hears "3 of 5,687" in a column's list; drawEverything()
 * puts every item in for print and the export. `host.dataset.drawing` is "true" while groups are being filled.
 * Returns a cancel function.
 */
export function fillListsInChunks<T>(
  host: HTMLElement,
  lists: HTMLElement[],
  items: readonly (readonly T[])[],
  append: (group: List, data: T[]) => void,
): () => void {
  const board = new BoardWindow(host, lists, items, append);
  return () => board.cancel();
}

interface Group<T> {
  /** Its list's index. */
  list: number;
  items: readonly T[];
  /** The position of its first item in its list. */
  first: number;
  /** Its element while it is in the page. */
  node: HTMLElement | null;
  /** Its first `drawn` items are in the page. */
  drawn: number;
  /** Its height in em of the list's font, once measured drawn whole. */
  height: number | null;
}

/** One list: its groups [from, to) in the page, between two spacers that stand for the others. Sizes are in em of the
 *  list's font, so they hold at any zoom or font size (the font-size control changes them all alike). */
class Stack<T> {
  readonly groups: Group<T>[] = [];
  from = 0;
  to = 0;
  /** Estimated height of a group's item: the mean of those measured, else the style sheet's guess (0: unknown). */
  private perItem = 0;
  /** The gap each group ends in (its padding). */
  private gap = 0;
  /** Each group's top from the first's (one more entry: the bottom of the last). */
  private readonly offsets: Float64Array;
  /** Only where the list is windowed. */
  private readonly spacers: [HTMLElement, HTMLElement] | null = null;

  constructor(
    readonly node: HTMLElement,
    list: number,
    items: readonly T[],
    windowed: boolean,
  ) {
    for (let first = 0; first < items.length; first += GROUP_SIZE)
      this.groups.push({ list, items: items.slice(first, first + GROUP_SIZE), first, node: null, drawn: 0, height: null });
    this.offsets = new Float64Array(this.groups.length + 1);
    const spacer = () => {
      const el = node.ownerDocument.createElement("div");
      el.className = "rb-spacer";
      return el;
    };
    if (windowed) {
      this.spacers = [spacer(), spacer()];
      node.append(...this.spacers);
    }
  }

  /** Puts groups [from, to) in the page (a new one empty, as tall as it was or is guessed to be) and takes the others
   *  out. */
  show(from: number, to: number) {
    [from, to] = [Math.max(0, Math.min(from, this.groups.length)), Math.max(0, Math.min(to, this.groups.length))];
    for (let k = this.from; k < this.to; k++)
      if (k < from || k >= to) {
        const group = this.groups[k]!;
        group.node?.remove();
        [group.node, group.drawn] = [null, 0];
      }
    const [keptFrom, keptTo] = from < this.to && to > this.from ? [Math.max(from, this.from), Math.min(to, this.to)] : [to, to];
    const above = this.groups.slice(from, keptFrom).map((g) => this.place(g));
    const below = this.groups.slice(keptTo, to).map((g) => this.place(g));
    if (this.spacers) {
      this.spacers[0].after(...above);
      this.spacers[1].before(...below);
    } else {
      this.node.prepend(...above);
      this.node.append(...below);
    }
    [this.from, this.to] = [from, to];
    this.size();
  }

  /** A new element for `group`, empty and pending. */
  private place(group: Group<T>) {
    const node = (group.node = this.node.ownerDocument.createElement("div"));
    node.className = "rb-group";
    node.dataset.pending = "";
    if (group.items.length < GROUP_SIZE) node.style.setProperty("--rb-n", String(group.items.length));
    const height = group.height ?? (this.perItem > 0 ? this.perItem * group.items.length : null);
    if (height !== null) {
      node.style.minHeight = `${height}em`;
      // The size the browser gives it while skipping it off screen, until it has been shown.
      node.style.containIntrinsicHeight = `auto ${height}em`;
    }
    return node;
  }

  /** Measures the groups in the page (`em`: px an em of the list's font, unzoomed), then every group's offset (the
   *  spacers follow at the next show() or size()). A group's height is its content's, without the gap it ends in
   *  (the size min-height and contain-intrinsic-height give). */
  measure(em: number) {
    const heights = new Map<Group<T>, number>();
    for (let k = this.from; k < this.to; k++) {
      const group = this.groups[k]!;
      const node = group.node!;
      if (k === this.from) this.gap = Number.parseFloat(getComputedStyle(node).paddingBottom) / em || 0;
      const height = node.offsetHeight / em - this.gap;
      heights.set(group, height);
      // Drawn whole, and laid out: off screen the browser skips it at its intrinsic size, a guess.
      const shown = node.firstElementChild?.checkVisibility?.({ contentVisibilityAuto: true }) ?? false;
      if (group.drawn === group.items.length && shown && height > 0) group.height = height;
    }
    const measured = this.groups.filter((g) => g.height !== null);
    const first = this.groups[this.from];
    if (measured.length > 0)
      this.perItem = measured.reduce((sum, g) => sum + g.height!, 0) / measured.reduce((n, g) => n + g.items.length, 0);
    else if (this.perItem === 0 && first && heights.get(first)! > 0) this.perItem = heights.get(first)! / first.items.length;
    this.groups.forEach(
      (g, k) => (this.offsets[k + 1] = this.offsets[k]! + (heights.get(g) ?? g.height ?? this.perItem * g.items.length) + this.gap),
    );
  }

  /** The spacers as tall as the groups they stand for. */
  size() {
    if (!this.spacers) return;
    this.spacers[0].style.height = `${this.offsets[this.from]}em`;
    this.spacers[1].style.height = `${this.offsets[this.groups.length]! - this.offsets[this.to]!}em`;
  }

  /** Where the list's groups start in the viewport, px. */
  top() {
    return (this.spacers?.[0] ?? this.node).getBoundingClientRect().top;
  }

  /** The first group whose bottom is at or below `y` em from the first group's top. */
  groupAt(y: number) {
    return firstIndex(this.groups.length, (k) => this.offsets[k + 1]! >= y);
  }

  /** The first group whose top is below `y`. */
  groupAfter(y: number) {
    return firstIndex(this.groups.length, (k) => this.offsets[k]! > y);
  }
}

class BoardWindow<T> implements Windowed {
  private readonly stacks: Stack<T>[];
  private readonly windowed: boolean;
  /** Items in each list. */
  private readonly sizes: number[];
  /** The groups to fill, each list's in order. */
  private pending: Group<T>[][] = [];
  /** Callers that need every item (print, export); a board drawn whole holds one itself. */
  private holds = 0;
  /** What shows may have changed (a scroll, a resize, groups filled): the window is worked out again. */
  private moved = true;
  private frame: number | null = null;
  private readonly resize: ResizeObserver | null = null;
  private readonly unregister: () => void;
  private readonly schedule = () => {
    this.moved = true;
    this.frame ??= nextFrame(this.step);
  };

  constructor(
    private readonly host: HTMLElement,
    private readonly lists: HTMLElement[],
    items: readonly (readonly T[])[],
    private readonly append: (group: List, data: T[]) => void,
  ) {
    this.sizes = items.map((list) => list.length);
    this.windowed = this.sizes.reduce((n, size) => n + size, 0) > BOARD_WINDOW_FROM;
    this.stacks = items.map((list, k) => new Stack(lists[k]!, k, list, this.windowed));
    this.unregister = registerWindowed(host, this);
    if (this.windowed) {
      addEventListener("scroll", this.schedule, { capture: true, passive: true });
      addEventListener("resize", this.schedule);
      // Groups filled (taller or shorter than guessed) and the font-size control move the others.
      if (typeof ResizeObserver === "function") {
        this.resize = new ResizeObserver(this.schedule);
        lists.forEach((list) => this.resize!.observe(list));
      }
    } else this.holds = 1;
    // Until the positions are known, the first group of each list stands for what shows.
    for (const stack of this.stacks) stack.show(0, this.windowed ? 1 : stack.groups.length);
    this.plan();
    // A board drawn whole shows its top at once. A windowed one fills from the next frame, once the page has fitted
    // its zoom to the empty board (columns of a set width): its items are laid out once, at the zoom they keep, not
    // again at every zoom the fit tries (two layouts of the first chunk at 100 % and fitted, 0.1 s on the 2-core
    // machine).
    this.fill(this.windowed ? 0 : CHUNK_SIZE);
    this.frame = nextFrame(this.step);
  }

  hold(now: boolean) {
    if (++this.holds === 1) for (const stack of this.stacks) stack.show(0, stack.groups.length);
    this.plan();
    if (now) for (const queue of this.pending) for (const group of queue.splice(0)) this.draw(group, group.items.length - group.drawn);
    this.fill(0); // marks the host as drawing while groups remain
    this.schedule();
  }

  release() {
    if (--this.holds === 0) this.schedule();
  }

  cancel() {
    if (this.frame !== null) cancelFrame(this.frame);
    delete this.host.dataset.drawing;
    removeEventListener("scroll", this.schedule, { capture: true });
    removeEventListener("resize", this.schedule);
    this.resize?.disconnect();
    this.unregister();
  }

  /** A frame: the window worked out again if what shows moved (reading the layout before anything is written), then
   *  the groups in it filled for as long as the frame's script budget lasts. */
  private readonly step = () => {
    this.frame = null;
    if (this.moved) {
      this.moved = false;
      if (this.holds === 0) this.locate();
      this.plan();
    }
    // At most a group's worth of items a frame near the view: laying out and painting a card costs several times what
    // making it does (frames of 8 ms of script took 50–130 ms on the 2-core machine). Held for print or the export,
    // the items far off screen are skipped by the browser, and the script budget alone sets the pace.
    const start = performance.now();
    let left = this.holds > 0 ? Infinity : GROUP_SIZE;
    while (left > 0 && this.fill(Math.min(SLICE, left)) && performance.now() - start < FRAME_BUDGET_MS) left -= SLICE;
    if (this.pending.some((q) => q.length > 0)) this.frame ??= nextFrame(this.step);
  };

  /** Each list's window: the groups within a screen of what shows, kept until they are three screens away. */
  private locate() {
    const box = this.lists[0]?.closest(".rb-columns, .rb-landscape3")?.getBoundingClientRect();
    const list = this.lists[0];
    // Not laid out (jsdom): the first group of each list stands for what shows.
    if (!box || !list || box.width === 0) return this.stacks.forEach((stack) => stack.show(0, 1));
    const [width, height] = [innerWidth, innerHeight];
    // What the board's sideways scroll box shows of the viewport, across.
    const [left, right] = [Math.max(0, box.left), Math.min(width, box.right)];
    const em = Number.parseFloat(getComputedStyle(list).fontSize);
    const zoom = list.getBoundingClientRect().width / list.offsetWidth || 1;
    /** How many screens [a, b] is from [from, to] (`size` a screen). */
    const distance = (a: number, b: number, from: number, to: number, size: number) => Math.max(0, from - b, a - to) / size;
    // Everything is read first, then the windows change: one layout at most.
    const windows = this.stacks.map((stack) => {
      stack.measure(em);
      const across = stack.node.getBoundingClientRect();
      const sideways = distance(across.left, across.right, left, right, width);
      const top = stack.top();
      /** `y` px of the viewport, in em from the list's first group. */
      const at = (y: number) => (y - top) / (em * zoom);
      const [nearFrom, nearTo] = sideways <= 1 ? [stack.groupAt(at(-height)), stack.groupAfter(at(2 * height))] : [0, 0];
      const [keptFrom, keptTo] = sideways <= 3 ? [stack.groupAt(at(-3 * height)), stack.groupAfter(at(4 * height))] : [0, 0];
      const covered = nearFrom >= nearTo || (stack.from <= nearFrom && stack.to >= nearTo);
      const far = stack.from < stack.to && (stack.from < keptFrom || stack.to > keptTo);
      return covered && !far ? null : ([nearFrom, nearTo] as const);
    });
    windows.forEach((range, k) => (range ? this.stacks[k]!.show(...range) : this.stacks[k]!.size()));
  }

  /** The groups to fill: those in the page not yet drawn whole. */
  private plan() {
    this.pending = this.stacks.map((stack) => stack.groups.slice(stack.from, stack.to).filter((g) => g.drawn < g.items.length));
  }

  /** Draws up to `count` more items row by row across the lists (a group after another in each); returns whether any
   *  remain, and marks the host as drawing while they do. */
  private fill(count: number): boolean {
    for (let left = count; left > 0;) {
      const lists = this.pending.filter((q) => q.length > 0);
      if (lists.length === 0) break;
      // This round: one item from the first group of each list in turn, until `left` or those groups run out.
      const counts = lists.map(() => 0);
      for (let more = true; left > 0 && more;) {
        more = false;
        lists.forEach(([group], k) => {
          if (left > 0 && counts[k]! < group!.items.length - group!.drawn) [counts[k], left, more] = [counts[k]! + 1, left - 1, true];
        });
      }
      lists.forEach((queue, k) => {
        const group = queue[0]!;
        this.draw(group, counts[k]!);
        if (group.drawn === group.items.length) queue.shift();
      });
    }
    const more = this.pending.some((q) => q.length > 0);
    if (more) this.host.dataset.drawing = "true";
    else delete this.host.dataset.drawing;
    return more;
  }

  /** Appends the next `count` items of `group` (a list's position and size on each of a windowed board). */
  private draw(group: Group<T>, count: number) {
    const node = group.node;
    if (count <= 0 || !node) return;
    this.append(select(node), group.items.slice(group.drawn, group.drawn + count) as T[]);
    for (let k = group.drawn; k < group.drawn + count && this.windowed; k++) {
      node.children[k]!.setAttribute("aria-posinset", String(group.first + k + 1));
      node.children[k]!.setAttribute("aria-setsize", String(this.sizes[group.list]));
    }
    group.drawn += count;
    if (group.drawn === group.items.length) {
      delete node.dataset.pending;
      node.style.removeProperty("min-height");
    }
  }
}
