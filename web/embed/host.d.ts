// Types for positional-encoding-lab/embed.

/** The xAPI statement an embedded exercise sends with its result (verb `answered`). */
export interface XapiStatement {
  actor: {
    objectType: 'Agent';
    name?: string;
    mbox?: string;
    mbox_sha1sum?: string;
    openid?: string;
    account?: { homePage: string; name: string };
  };
  verb: { id: string; display: Record<string, string> };
  object: {
    objectType: 'Activity';
    id: string;
    definition: { name: Record<string, string>; type: string };
  };
  result: {
    score: { raw: number; min: number; max: number; scaled: number };
    success: boolean;
    completion: boolean;
    extensions: Record<string, unknown>;
  };
  timestamp: string;
}

/** `pelab-result`'s detail: the exercise's one record (first checked attempt, or the solution viewed first). */
export interface PelabResultDetail {
  exercise: string;
  correct: boolean;
  score: number;
  maxScore: number;
  solutionViewed: boolean;
  statement: XapiStatement;
}

/** Sizes embedded exercise iframes and re-dispatches their results as `pelab-result` events on them.
 *  Only messages from `origins` are accepted: each must be an http: or https: URL (its origin is used);
 *  anything else, such as `about:blank`, `data:` or `file:` (whose origin is the opaque `'null'`), throws
 *  a `TypeError`, as does an empty list. Returns a function that stops listening. */
export function connectEmbeds(options: { origins: string[]; root?: ParentNode }): () => void;

declare global {
  // Dispatched on the iframe and bubbling: typed on elements, the document and the window alike.
  interface GlobalEventHandlersEventMap {
    'pelab-result': CustomEvent<PelabResultDetail>;
  }
}
