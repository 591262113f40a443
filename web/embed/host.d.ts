// Types for positional-encoding-lab/embed.

/** Sizes embedded exercise iframes and re-dispatches their results as `pelab-result` events on them.
 *  Only messages from `origins` are accepted. Returns a function that stops listening. */
export function connectEmbeds(options: { origins: string[]; root?: ParentNode }): () => void;
