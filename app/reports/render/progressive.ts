// Drawing tens of thousands of elements at once would freeze the page for seconds, so renderers append long lists in
// time-sliced chunks across animation frames; CSS `content-visibility: auto` on the chunked elements lets the browser
// skip layout and paint of what is off screen (native virtualisation that still prints and exports in full).

/** Items drawn at once, before the first frame: what is above the fold shows immediately. */
export const CHUNK_SIZE = 50;
/** Later frames draw slices of this many items while the frame's script budget lasts. */
const SLICE = 10;
/** Script time per frame, leaving the rest of a 16 ms frame (and more on slow machines) to layout and paint. */
const FRAME_BUDGET_MS = 8;

type Frame = (callback: () => void) => number;

/** requestAnimationFrame in a page; a zero timeout elsewhere (jsdom in unit tests). */
const nextFrame: Frame = (callback) =>
  typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : (setTimeout(callback, 0) as unknown as number);
const cancelFrame = (id: number) =>
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

/** Resolves when every chunk of the draws started so far in `node` (a host or an ancestor of one) has been appended
 *  (for tests and the image export). */
export function whenDrawn(node: HTMLElement): Promise<void> {
  const drawing = () => node.dataset.drawing === "true" || node.querySelector('[data-drawing="true"]') !== null;
  return new Promise((resolve) => {
    const check = () => (drawing() ? nextFrame(check) : resolve());
    check();
  });
}
