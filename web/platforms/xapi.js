// The xAPI statement of a record (web/attempts.js), as embed.html sends it and a course forwards it to its
// LRS. A valid statement's actor is an Agent with exactly one identifier (mbox, mbox_sha1sum, openid or
// account): the course that knows the learner passes it in (connectEmbeds({ actor }), web/embed/host.js);
// until then the frame names an anonymous account of the lab's own, stable per browser. Free of the DOM
// (tests/web/xapi.test.mjs).

export const VERBS = {
  answered: {
    id: 'http://adlnet.gov/expapi/verbs/answered',
    display: { 'en-US': 'answered', es: 'respondió', 'zh-CN': '作答' },
  },
};
export const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
const IDENTIFIERS = ['mbox', 'mbox_sha1sum', 'openid', 'account'];

const isIri = (value) => {
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) && new URL(value).href.length > 0;
  } catch {
    return false;
  }
};

/**
 * `actor` checked as an xAPI Agent and returned in clean form ({objectType: 'Agent', name?, one identifier}),
 * or a TypeError naming what is wrong: exactly one of mbox ('mailto:…'), mbox_sha1sum (40 hex digits),
 * openid (an IRI) or account ({homePage: an IRL, name: a non-empty string}).
 */
export function checkAgent(actor, where = 'actor') {
  const fail = (why) => {
    throw new TypeError(
      `${where} must be an xAPI Agent with exactly one of mbox, mbox_sha1sum, openid or account, e.g. ` +
        `{ mbox: 'mailto:learner@example.org', name: 'A Learner' }: ${why}`,
    );
  };
  if (actor === null || typeof actor !== 'object' || Array.isArray(actor)) fail(`got ${String(actor)}`);
  if (actor.objectType !== undefined && actor.objectType !== 'Agent') fail(`objectType is ${actor.objectType}`);
  const present = IDENTIFIERS.filter((k) => Object.hasOwn(actor, k) && actor[k] !== undefined);
  if (present.length !== 1) fail(`it has ${present.length ? present.join(' and ') : 'none'}`);
  const [key] = present;
  const value = actor[key];
  if (key === 'mbox' && !(typeof value === 'string' && /^mailto:[^@\s]+@[^@\s]+$/.test(value)))
    fail("mbox must be 'mailto:' and an address");
  if (key === 'mbox_sha1sum' && !(typeof value === 'string' && /^[0-9a-f]{40}$/i.test(value)))
    fail('mbox_sha1sum must be 40 hex digits');
  if (key === 'openid' && !(typeof value === 'string' && isIri(value))) fail('openid must be an IRI');
  if (
    key === 'account' &&
    !(value && typeof value === 'object' && isIri(value.homePage) && typeof value.name === 'string' && value.name)
  )
    fail('account must be { homePage: an IRL, name: a non-empty string }');
  const clean = {
    objectType: 'Agent',
    [key]: key === 'account' ? { homePage: value.homePage, name: value.name } : value,
  };
  if (actor.name !== undefined) {
    if (typeof actor.name !== 'string') fail('name must be a string');
    clean.name = actor.name;
  }
  return clean;
}

/** An anonymous learner of the lab at `homePage` (its origin), known by a stable id of this browser's. */
export const anonymousAgent = (homePage, id) => ({
  objectType: 'Agent',
  account: { homePage, name: `anonymous-${id}` },
});

/**
 * The 'answered' statement of a record. `activity`: the exercise's IRI (embed.html?exercise=ID);
 * `solutionViewedIri`: the result extension saying whether the solution was viewed first; `title` the
 * exercise's English title and, where the learner saw another language, `localTitle` in `language` (both go
 * in the activity's name, a language map).
 */
export function answeredStatement({
  actor,
  activity,
  title,
  record,
  solutionViewedIri,
  timestamp,
  language = 'en-US',
  localTitle = title,
}) {
  const { correct, score, maxScore, solutionViewed } = record;
  // A prediction (maxScore 0) is not graded: completion only, without result.score or result.success.
  const graded =
    maxScore > 0 ? { score: { raw: score, min: 0, max: maxScore, scaled: score / maxScore }, success: correct } : {};
  return {
    actor: checkAgent(actor),
    verb: VERBS.answered,
    object: {
      objectType: 'Activity',
      id: activity,
      definition: {
        name: { 'en-US': title, ...(language.startsWith('en') ? {} : { [language]: localTitle }) },
        type: INTERACTION,
      },
    },
    result: {
      ...graded,
      completion: true,
      extensions: { [solutionViewedIri]: solutionViewed },
    },
    timestamp,
  };
}
