import { buildDeck, DECK_QUEUE_LIMIT, DECK_WORKERS, stopDeckWorkers } from "~/services/deck-pool.server";

/**
 * Runs `work` while the deck pool is full, so an export asked for meanwhile is refused: its workers stopped (a fresh
 * one takes most of a second to start from the TypeScript source) and every worker and queue place taken by small
 * decks. Waits for those decks afterwards.
 */
export async function whileDeckPoolFull<T>(work: () => Promise<T>): Promise<T> {
  await stopDeckWorkers();
  const fillers = Array.from({ length: DECK_WORKERS + DECK_QUEUE_LIMIT }, () =>
    buildDeck({ deck: "news", items: [], info: { client: "Filler", range: "", filters: [] } }),
  );
  try {
    return await work();
  } finally {
    await Promise.all(fillers);
  }
}
