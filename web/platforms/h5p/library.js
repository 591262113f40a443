// H5P.PelabExercise: one exercise of the lab as an H5P content type. A plain script, as H5P loads a
// library's preloadedJs, using only what H5P's core gives every content type (H5P.jQuery and
// H5P.EventDispatcher). It shows <pe-exercise> (the lab's web component, bundled with the core into this
// library's dist/ folder) and implements H5P's question contract around it. Scores follow the lesson's
// rules (web/attempts.js, inside the component): the first checked attempt is the record; the solution
// shown first records 0, not correct. That record is sent once, as xAPI 'answered' and 'completed'
// statements with result.score, through H5P's event dispatcher (triggerXAPIScored), which the platform
// records (Moodle's and WordPress's gradebooks, Drupal's results).
/* global H5P */
H5P.PelabExercise = (function ($, EventDispatcher) {
  // The extension saying the record is "solution viewed" (an IRI of the lab's, as xAPI asks of extensions).
  var SOLUTION_VIEWED = 'https://www.npmjs.com/package/positional-encoding-lab#solution-viewed';
  var INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';

  function PelabExercise(params, contentId, extras) {
    EventDispatcher.call(this);
    this.params = $.extend({ exercise: 'swap-invariance', theme: 'auto' }, params);
    this.contentId = contentId;
    this.extras = extras || {};
    var state = this.extras.previousState;
    // A record from an earlier launch (getCurrentState below) stays the record, sent once, but only once
    // attach() has checked it as every stored record is checked (records.js): until then it is `stored`.
    this.stored = state && state.record ? state.record : null;
    this.record = null;
    this.check = null; // records.js's check, once loaded (attach)
    this.maxScore = null; // the exercise's maxScore (0 for a prediction), once records.js is loaded
    this.element = null;
  }
  PelabExercise.prototype = Object.create(EventDispatcher.prototype);
  PelabExercise.prototype.constructor = PelabExercise;

  PelabExercise.prototype.attach = function ($container) {
    var self = this;
    var element = document.createElement('pe-exercise');
    element.setAttribute('name', this.params.exercise);
    if (this.params.theme === 'light' || this.params.theme === 'dark') element.setAttribute('theme', this.params.theme);
    element.addEventListener('pe-result', function (event) {
      self.onRecord(event.detail);
    });
    element.addEventListener('pe-ready', function () {
      self.trigger('resize');
    });
    if (typeof ResizeObserver === 'function')
      new ResizeObserver(function () {
        self.trigger('resize');
      }).observe(element);
    this.element = element;
    $container.addClass('h5p-pelab-exercise').empty().append(element);
    var note = $('<p class="h5p-pelab-note" role="status"></p>');
    // The saved record's check, then the component and the core, from this library's own folder.
    var base = new URL(H5P.getLibraryPath(this.libraryInfo.versionedNameNoSpaces) + '/', document.baseURI);
    import(new URL('dist/records.js', base).href)
      .then(function (records) {
        self.check = function (record) {
          return records.restoredRecord(self.params.exercise, record);
        };
        self.maxScore = records.maxScoreOf(self.params.exercise);
        // A merged exercise's old name opens the one it was merged into, which reports under its own id.
        self.exerciseId = records.exerciseIdOf(self.params.exercise);
        if (self.stored) self.record = self.check(self.stored);
        self.stored = null;
        if (self.record) {
          note.text('Recorded on an earlier visit: ' + describe(self.record) + '. Checks now are practice.');
          $container.append(note);
        }
        return import(new URL('dist/pe-exercise.js', base).href);
      })
      .catch(function (error) {
        note.text('The exercise could not start: ' + error.message);
        $container.append(note);
      });
  };

  function describe(record) {
    // A prediction (maxScore 0) is recorded but not graded (web/records/prediction.js).
    if (record.maxScore === 0)
      return record.solutionViewed
        ? 'the solution, viewed before any prediction (not graded)'
        : 'a prediction (not graded)';
    return record.solutionViewed
      ? 'the solution, viewed before any answer (0 points)'
      : 'the first answer (' + record.score + ' of ' + record.maxScore + ')';
  }

  // The component's record (once per task): kept, and reported unless an earlier launch reported one. It is
  // checked as a saved one is: any script in this frame can dispatch a pe-result, and 1e9 of 1e9 from one
  // must not become getScore().
  PelabExercise.prototype.onRecord = function (detail) {
    if (this.record || !this.check || !detail || detail.exercise !== this.exerciseId) return;
    var record = this.check({
      correct: detail.correct,
      score: detail.score,
      maxScore: detail.maxScore,
      solutionViewed: detail.solutionViewed,
      prediction: detail.prediction, // a prediction's letter (maxScore 0), checked like the rest
    });
    if (!record) return;
    this.record = record;
    this.trigger(this.scored('answered'));
    this.trigger(this.scored('completed'));
  };

  /**
   * An xAPI event for the record, with result.score, success and the solution-viewed extension; a prediction
   * (maxScore 0) has no score and no success, only completion.
   */
  PelabExercise.prototype.scored = function (verb) {
    var r = this.record;
    var event = this.createXAPIEventTemplate(verb);
    if (r.maxScore > 0) event.setScoredResult(r.score, r.maxScore, this, true, r.correct);
    else event.data.statement.result = { completion: true };
    var statement = event.data.statement;
    statement.result.extensions = {};
    statement.result.extensions[SOLUTION_VIEWED] = r.solutionViewed;
    var definition = statement.object.definition;
    definition.type = INTERACTION;
    definition.interactionType = 'other';
    definition.description = { 'en-US': 'Positional Encoding Lab exercise: ' + this.params.exercise };
    return event;
  };

  // H5P's question contract (what Question Set, Interactive Video, Course Presentation and the platforms call).
  PelabExercise.prototype.getScore = function () {
    return this.record ? this.record.score : 0;
  };
  PelabExercise.prototype.getMaxScore = function () {
    if (this.record) return this.record.maxScore;
    if (this.maxScore !== null) return this.maxScore;
    return this.element && this.element.ready ? this.element.getMaxScore() : 1;
  };
  PelabExercise.prototype.getAnswerGiven = function () {
    return this.record !== null;
  };
  /** Shows the solution; before any answer that records "solution viewed" (score 0), as on the page. */
  PelabExercise.prototype.showSolutions = function () {
    if (this.element) this.element.showSolutions();
  };
  /** Clears the learner's inputs; the record stays (later checks are practice). */
  PelabExercise.prototype.resetTask = function () {
    if (this.element) this.element.resetTask();
  };
  PelabExercise.prototype.getXAPIData = function () {
    var event = this.record ? this.scored('answered') : this.createXAPIEventTemplate('answered');
    return { statement: event.data.statement };
  };
  // A saved record not yet checked is handed back as it came (the next launch checks it), not lost.
  PelabExercise.prototype.getCurrentState = function () {
    var record = this.record || this.stored;
    return record ? { record: record } : undefined;
  };

  return PelabExercise;
})(H5P.jQuery, H5P.EventDispatcher);
