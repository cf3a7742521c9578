// Drawing tens of thousands of elements at once would freeze the page for seconds, so renderers append long lists in
// chunks, one chunk per animation frame; CSS `content-visibility: auto` on the chunked elements lets the browser
// skip layout and paint of what is off screen (native virtualisation that still prints and exports in full).

/** Elements appended per frame: small enough to keep a frame under ~16 ms on a slow laptop. */
export const CHUNK_SIZE = 400;

type Frame = (callback: () => void) => number;

/** requestAnimationFrame in a page; a zero timeout elsewhere (jsdom in unit tests). */
const nextFrame: Frame = (callback) =>
  typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : (setTimeout(callback, 0) as unknown as number);
const cancelFrame = (id: number) =>
  typeof cancelAnimationFrame === "function" ? cancelAnimationFrame(id) : clearTimeout(id as unknown as ReturnType<typeof setTimeout>);

/**
 * Calls `draw(slice, offset)` for `items` in chunks: the first chunk synchronously (so what is above the fold shows
 * at once), the rest one per frame. `done` runs after the last chunk. Returns a cancel function.
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
  const step = () => {
    frame = null;
    if (cancelled) return;
    draw(items.slice(offset, offset + chunkSize), offset);
    offset += chunkSize;
    if (offset < items.length) frame = nextFrame(step);
    else done?.();
  };
  if (items.length === 0) done?.();
  else step();
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
