// Types for positional-encoding-lab/embed.

/** Sizes embedded exercise iframes and re-dispatches their results as `pelab-result` events on them.
 *  Only messages from `origins` are accepted: each must be an http: or https: URL (its origin is used);
 *  anything else, such as `about:blank`, `data:` or `file:` (whose origin is the opaque `'null'`), throws
 *  a `TypeError`, as does an empty list. Returns a function that stops listening. */
export function connectEmbeds(options: { origins: string[]; root?: ParentNode }): () => void;
