// A report model crosses from the worker to the page in parts. Structured-cloning a whole 50k-row model back is one
// ~200 ms task on the page's main thread (measured by npm run bench); sent as a shell with its long arrays left
// empty, then those arrays a slice at a time, each message is a task of a few ms and the page stays responsive.

/** Keys from a model's root to one of its long arrays. */
export type PartPath = ReadonlyArray<string | number>;

/** A long array left out of a shell: where it goes and how many items it has. */
export interface PartInfo {
  path: PartPath;
  length: number;
}

/** Arrays with more items than this go in parts; shorter ones stay in the shell. */
export const INLINE_ITEMS = 100;
/** Items per message when a part is fetched, at most. */
export const PART_SLICE = 2000;
/** What a message aims to carry, at most, in JSON bytes: the page reads each in one task. 2,000 rows of the 50k bench
 *  sheet's event calendar (each several chips) were 2 MB, 42 ms to read and a 48 ms garbage collection after. */
export const PART_BYTES = 256 * 1024;

/** Items per message for a part: PART_SLICE, or as many as PART_BYTES holds where its first items are large. */
export function sliceLength(items: readonly unknown[]): number {
  const sample = items.slice(0, 20);
  const perItem = JSON.stringify(sample).length / Math.max(1, sample.length);
  return Math.max(INLINE_ITEMS, Math.min(PART_SLICE, Math.floor(PART_BYTES / perItem)));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Copies `model` with every array longer than INLINE_ITEMS replaced by an empty one; `parts` holds those arrays
 * (not copied, not walked into) and where they go. `model` itself is left as it was.
 */
export function splitModel<T>(model: T): { shell: T; parts: Array<{ path: PartPath; items: readonly unknown[] }> } {
  const parts: Array<{ path: PartPath; items: readonly unknown[] }> = [];
  const walk = (value: unknown, path: Array<string | number>): unknown => {
    if (Array.isArray(value)) {
      if (value.length > INLINE_ITEMS) {
        parts.push({ path, items: value });
        return [];
      }
      return value.map((item, i) => walk(item, [...path, i]));
    }
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key])]));
  };
  return { shell: walk(model, []) as T, parts };
}

/**
 * Fills `shell` (as splitModel left it) in place: each part's items come from `fetch(index, offset)` a slice at a
 * time (sliceLength). An empty slice before the end means the worker no longer has that build.
 */
export async function joinModel<T>(
  shell: T,
  parts: readonly PartInfo[],
  fetch: (index: number, offset: number) => Promise<readonly unknown[]>,
): Promise<T> {
  for (const [index, part] of parts.entries()) {
    const target = part.path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], shell) as unknown[];
    while (target.length < part.length) {
      const slice = await fetch(index, target.length);
      if (slice.length === 0) throw new Error("The report was built again meanwhile");
      for (const item of slice) target.push(item);
    }
  }
  return shell;
}
