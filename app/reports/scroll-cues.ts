// A visible cue that a report scrolls sideways: a scroller with more content past an edge fades out at that edge
// (data-more="left right", styled in reports.css), so three phase columns of seven never look like the whole board.
import { whenDrawn } from "./render/progressive";

/** The boards' and the chart's sideways scrollers (tables keep their sticky first column unfaded). */
const SCROLLERS = ".rb-columns, .rb-landscape3, .rt-chart-scroll";

/** Keeps `data-more` on `host`'s scrollers up to date as they scroll, resize or fill; returns the cleanup. */
export function watchScrollCues(host: HTMLElement): () => void {
  const scrollers = () => [...host.querySelectorAll<HTMLElement>(SCROLLERS)];
  const update = (el: HTMLElement) => {
    const more = [el.scrollLeft > 1 ? "left" : "", el.scrollLeft + el.clientWidth < el.scrollWidth - 1 ? "right" : ""]
      .filter(Boolean)
      .join(" ");
    if (more) el.dataset.more = more;
    else delete el.dataset.more;
  };
  const onScroll = (event: Event) => update(event.currentTarget as HTMLElement);
  const resized = new ResizeObserver((entries) => entries.forEach((entry) => update(entry.target as HTMLElement)));
  let live = true;
  const watch = () => {
    if (!live) return;
    for (const el of scrollers()) {
      update(el);
      el.addEventListener("scroll", onScroll, { passive: true });
      resized.observe(el);
    }
  };
  watch();
  // Chunks drawn later widen the board.
  void whenDrawn(host).then(() => live && scrollers().forEach(update));
  return () => {
    live = false;
    resized.disconnect();
    for (const el of scrollers()) el.removeEventListener("scroll", onScroll);
  };
}
