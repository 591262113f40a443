// Types for positional-encoding-lab/components.

export interface PeResultDetail {
  exercise: string;
  correct: boolean;
  score: number;
  maxScore: number;
}

/** <pe-exercise name="ID">: one lesson exercise in shadow DOM; themeable with --pe-* custom properties.
 *  A name that is not an exercise id (inherited names such as "constructor" included) shows an
 *  "Unknown exercise" alert; `ready` then stays false and no `pe-ready` is dispatched. */
export class PeExercise extends HTMLElement {
  /** True once the core is loaded and the exercise is mounted (after the `pe-ready` event). */
  readonly ready: boolean;
  getScore(): number;
  getMaxScore(): number;
  getAnswerGiven(): boolean;
  resetTask(): void;
  showSolutions(): void;
}

declare global {
  interface HTMLElementTagNameMap { 'pe-exercise': PeExercise; }
  interface HTMLElementEventMap {
    'pe-result': CustomEvent<PeResultDetail>;
    'pe-ready': CustomEvent<{ exercise: string }>;
  }
}
