// Types for positional-encoding-lab/components.

/** The exercise's one record, dispatched once: the first checked attempt, or the solution viewed
 *  before any check (then correct is false and score 0). Later checks are practice and dispatch nothing. */
export interface PeResultDetail {
  /** The exercise's id, as in `name`. */
  exercise: string;
  correct: boolean;
  score: number;
  /** 0 for a prediction (asked before the demo that answers it): recorded, not graded, never correct. */
  maxScore: number;
  solutionViewed: boolean;
  /** A prediction's letter as the learner saw it ('b)'), or null (the solution was shown first); only
   *  when maxScore is 0. */
  prediction?: string | null;
}

/** `pe-ready`'s detail: the exercise is mounted, its formulas with it. */
export interface PeReadyDetail {
  exercise: string;
}

/** <pe-exercise name="ID">: one lesson exercise in shadow DOM; themeable with --pe-* custom properties.
 *  A name that is not an exercise id (inherited names such as "constructor" included) shows an
 *  "Unknown exercise" alert; `ready` then stays false and no `pe-ready` is dispatched.
 *  `pe-ready` and `pe-result` bubble and are composed: a listener on the document hears every exercise. */
export class PeExercise extends HTMLElement {
  /** True once the core is loaded and the exercise is mounted (after the `pe-ready` event). */
  readonly ready: boolean;
  /** The recorded score (first attempt; 0 if the solution was viewed first). */
  getScore(): number;
  getMaxScore(): number;
  getAnswerGiven(): boolean;
  resetTask(): void;
  showSolutions(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'pe-exercise': PeExercise;
  }
  // Global handlers' map: the events bubble, so they are typed on elements, the document and the window alike.
  interface GlobalEventHandlersEventMap {
    'pe-result': CustomEvent<PeResultDetail>;
    'pe-ready': CustomEvent<PeReadyDetail>;
  }
}
