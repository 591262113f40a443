// Types for positional-encoding-lab/embed.

/** An xAPI Agent: exactly one identifier (mbox, mbox_sha1sum, openid or account), optionally a name. */
export type XapiAgent = { objectType?: 'Agent'; name?: string } & (
  | { mbox: `mailto:${string}` }
  | { mbox_sha1sum: string }
  | { openid: string }
  | { account: { homePage: string; name: string } }
);

/** The xAPI statement an embedded exercise sends with its result (verb `answered`). */
export interface XapiStatement {
  actor: XapiAgent;
  verb: { id: string; display: Record<string, string> };
  object: {
    objectType: 'Activity';
    id: string;
    definition: { name: Record<string, string>; type: string };
  };
  result: {
    /** Absent for a prediction (maxScore 0: recorded, not graded), as is `success`. */
    score?: { raw: number; min: number; max: number; scaled: number };
    success?: boolean;
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

/** Where the helper keeps each frame's first record: `localStorage` or anything shaped like it. */
export interface RecordStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Sizes embedded exercise iframes and re-dispatches their results as `pelab-result` events on them.
 *  Only messages from `origins` are accepted: each must be an http: or https: URL (its origin is used);
 *  anything else, such as `about:blank`, `data:` or `file:` (whose origin is the opaque `'null'`), throws
 *  a `TypeError`, as does an empty list. `actor`, when given, is the learner: it replaces the frame's
 *  anonymous actor in every result's statement (anything but a valid Agent throws a `TypeError`).
 *  `store` keeps each exercise's first record for its frames (a frame on another site usually may keep
 *  nothing) and hands it back on the next visit: by default the course page's own `localStorage` (for the
 *  visit only where that is denied too), `null` to keep none. Where records are kept, only an exercise's first
 *  record is dispatched (a second frame or tab of it is handed that record instead). `course` names the course
 *  whose records these are (default: the page's path and query), so two courses on one site keep theirs apart.
 *  Call it once per page: each call listens (and dispatches) on its own. Iframes inside shadow roots are not
 *  looked for. Returns a function that stops listening. */
export function connectEmbeds(options: {
  origins: string[];
  root?: ParentNode;
  actor?: XapiAgent;
  store?: RecordStore | null;
  course?: string;
}): () => void;

declare global {
  // Dispatched on the iframe and bubbling: typed on elements, the document and the window alike.
  interface GlobalEventHandlersEventMap {
    'pelab-result': CustomEvent<PelabResultDetail>;
  }
}
