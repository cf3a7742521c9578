// What tells two records of one product apart where a report lists them together (the timeline's labels, the
// calendar's rows): a product that appears more than once is named with its segment, and with its company too where
// the segment is not enough. A product that appears once keeps its name alone.

interface Named {
  product: string;
  segment: string;
  company: string;
}

/** The name of each item as a report shows it: "posdinemab · Early AD (Mild & MCI)" where "posdinemab" repeats. */
export function distinctNames<T extends Named>(items: readonly T[]): (item: T) => string {
  const steps = namingSteps(items);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Items named between two pauses of namingSteps. */
const STEP = 2000;

/** distinctNames in steps: it pauses (yields) after every few thousand items, so that a page can spread the naming of
 *  tens of thousands across frames (the timeline chart). */
export function* namingSteps<T extends Named>(items: readonly T[]): Generator<void, (item: T) => string> {
  const count = function* (keys: (item: T) => string) {
    const counts = new Map<string, number>();
    for (let i = 0; i < items.length; i++) {
      const key = keys(items[i]!);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (i % STEP === STEP - 1) yield;
    }
    return counts;
  };
  const products = yield* count((i) => i.product);
  const withSegment = (i: T) => (products.get(i.product)! > 1 && i.segment ? `${i.product} · ${i.segment}` : i.product);
  const segmented = yield* count(withSegment);
  const names = new Map<T, string>();
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    const name = withSegment(item);
    names.set(item, products.get(item.product)! > 1 && segmented.get(name)! > 1 && item.company ? `${name} · ${item.company}` : name);
    if (k % STEP === STEP - 1) yield;
  }
  return (item) => names.get(item) ?? item.product;
}
