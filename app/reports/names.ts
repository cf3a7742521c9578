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
  const count = (keys: string[]) => keys.reduce((m, key) => m.set(key, (m.get(key) ?? 0) + 1), new Map<string, number>());
  const products = count(items.map((i) => i.product));
  const withSegment = (i: T) => (products.get(i.product)! > 1 && i.segment ? `${i.product} · ${i.segment}` : i.product);
  const segmented = count(items.map(withSegment));
  const names = new Map<T, string>();
  for (const item of items) {
    const name = withSegment(item);
    names.set(item, products.get(item.product)! > 1 && segmented.get(name)! > 1 && item.company ? `${name} · ${item.company}` : name);
  }
  return (item) => names.get(item) ?? item.product;
}
