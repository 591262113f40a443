// Types for positional-encoding-lab/embed.

/** An xAPI Agent: exactly one identifier (mbox, mbox_sha1sum, openid or account), optionally a name. */
export type XapiAgent = { objectType?: 'Agent'; name?: string } & (
  | { mbox: `mailto:${string}` }
  | { mbox_sha1sum: string }
  | { openid: string }
  | { account: { homePage: string; name: string } }
);

/** Sizes embedded exercise iframes and re-dispatches their results as `pelab-result` events on them.
 *  Only messages from `origins` are accepted: each must be an http: or https: URL (its origin is used);
 *  anything else, such as `about:blank`, `data:` or `file:` (whose origin is the opaque `'null'`), throws
 *  a `TypeError`, as does an empty list. `actor`, when given, is the learner: it replaces the frame's
 *  anonymous actor in every result's statement (anything but a valid Agent throws a `TypeError`).
 *  Returns a function that stops listening. */
export function connectEmbeds(options: { origins: string[]; root?: ParentNode; actor?: XapiAgent }): () => void;
