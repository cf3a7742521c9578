/**
 * A value sent to the page as one JSON text rather than as loader data. Remix's stream format rebuilds every object of
 * the loader data in one task as the page hydrates, about 0.5 µs an object: the report page's server tables and Invalid
 * Records at 50,000 rows were 55 ms of it. As a string it costs one JSON.parse (a few ms), run when the page renders them
 * (decision 006).
 */
export type JsonText<T> = string & { readonly __json: T };

export const toJsonText = <T>(value: T) => JSON.stringify(value) as JsonText<T>;

export const fromJsonText = <T>(text: JsonText<T>) => JSON.parse(text) as T;
