// The xAPI statement embed.html sends (web/platforms/xapi.js) is a valid statement: its actor an Agent with
// exactly one identifier, and a host that knows the learner puts them in (connectEmbeds({ actor })).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answeredStatement, anonymousAgent, checkAgent } from '../../web/platforms/xapi.js';
import { connectEmbeds } from '../../web/embed/host.js';

const record = { correct: true, score: 3, maxScore: 4, answer: null, solutionViewed: false };
const args = {
  actor: anonymousAgent('https://lab.example.org', 12345),
  activity: 'https://lab.example.org/embed.html?exercise=four-properties',
  title: 'Four properties, four checks',
  record,
  solutionViewedIri: 'https://lab.example.org/embed.html#solution-viewed',
  timestamp: '2026-11-30T12:00:00.000Z',
};

// xAPI's identifiers are absolute IRIs (a scheme, then the rest).
const assertIri = (value, what) =>
  assert.ok(typeof value === 'string' && URL.canParse(value), `${what} is an absolute IRI (got ${value})`);

// The statement rules of the xAPI 1.0.3 specification that this statement touches, checked independently.
function assertValidStatement(s) {
  const ifis = ['mbox', 'mbox_sha1sum', 'openid', 'account'].filter((k) => k in s.actor);
  assert.equal(ifis.length, 1, 'an Agent has exactly one inverse functional identifier');
  assert.ok(['Agent', undefined].includes(s.actor.objectType));
  if (s.actor.account) {
    assertIri(s.actor.account.homePage, 'account.homePage');
    assert.ok(s.actor.account.name.length > 0);
  }
  assertIri(s.verb.id, 'verb.id');
  assert.equal(s.object.objectType, 'Activity');
  assertIri(s.object.id, 'object.id');
  if (s.result.score) {
    const { raw, min, max, scaled } = s.result.score;
    assert.ok(min <= raw && raw <= max, 'raw between min and max');
    assert.ok(scaled >= -1 && scaled <= 1);
    assert.ok(Math.abs(scaled - raw / max) < 1e-12);
  }
  for (const key of Object.keys(s.result.extensions)) assertIri(key, 'an extension key');
  assert.ok(!Number.isNaN(Date.parse(s.timestamp)));
}

// The parts of an IRI, as URL parses it: e.g. { protocol: 'https:', host: 'lab.example.org', pathname: '/' }.
function assertUrlParts(value, parts, what) {
  const url = new URL(value);
  for (const [part, expected] of Object.entries(parts)) assert.equal(url[part], expected, `${what}: ${part}`);
}

test('the embed statement is valid xAPI: an anonymous account until the host names the learner', () => {
  const s = answeredStatement(args);
  assertValidStatement(s);
  // Its object is the exercise, `…/embed.html?exercise=ID` (README, "Plain HTML and your own LRS"), an
  // interaction by ADL's activity-type IRI, named by its title.
  assert.deepEqual(s.object, {
    objectType: 'Activity',
    id: args.activity,
    definition: {
      name: { 'en-US': 'Four properties, four checks' },
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
    },
  });
  assertUrlParts(
    s.object.id,
    {
      protocol: 'https:',
      host: 'lab.example.org',
      pathname: '/embed.html',
      search: '?exercise=four-properties',
      hash: '',
    },
    'object.id',
  );
  // The solution-viewed extension is `…/embed.html#solution-viewed`, the only extension; the anonymous
  // account's homePage is the lab's origin: scheme and host, no path.
  assert.deepEqual(Object.keys(s.result.extensions), [args.solutionViewedIri]);
  assertUrlParts(
    Object.keys(s.result.extensions)[0],
    { protocol: 'https:', host: 'lab.example.org', pathname: '/embed.html', search: '', hash: '#solution-viewed' },
    'the extension key',
  );
  assertUrlParts(
    s.actor.account.homePage,
    { protocol: 'https:', host: 'lab.example.org', pathname: '/', search: '', hash: '' },
    'account.homePage',
  );
  assert.equal(s.actor.account.homePage, new URL(s.object.id).origin, "the account's homePage is the lab's origin");
  assert.equal(s.timestamp, args.timestamp);
  assert.deepEqual(s.actor, {
    objectType: 'Agent',
    account: { homePage: 'https://lab.example.org', name: 'anonymous-12345' },
  });
  assert.equal(s.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
  assert.deepEqual(s.result.score, { raw: 3, min: 0, max: 4, scaled: 0.75 });
  assert.equal(s.result.success, true);
  assert.equal(s.result.extensions[args.solutionViewedIri], false);
  const viewed = answeredStatement({ ...args, record: { ...record, correct: false, score: 0, solutionViewed: true } });
  assertValidStatement(viewed);
  assert.equal(viewed.result.success, false);
  assert.equal(viewed.result.extensions[args.solutionViewedIri], true);
});

test('a prediction is stated without result.score or result.success: completion only', () => {
  for (const [prediction, solutionViewed] of [
    ['b)', false],
    [null, true],
  ]) {
    const predicted = { correct: false, score: 0, maxScore: 0, prediction, solutionViewed };
    const s = answeredStatement({ ...args, record: predicted });
    assertValidStatement(s);
    assert.equal('score' in s.result, false, 'no score out of 0');
    assert.equal('success' in s.result, false, 'a prediction is neither right nor wrong');
    assert.equal(s.result.completion, true);
    assert.equal(s.result.extensions[args.solutionViewedIri], solutionViewed);
  }
});

test('an actor is accepted with exactly one valid identifier, else refused by a TypeError saying why', () => {
  for (const good of [
    { mbox: 'mailto:ada@example.org', name: 'Ada' },
    { mbox_sha1sum: 'a'.repeat(40) },
    { openid: 'https://id.example.org/ada' },
    { objectType: 'Agent', account: { homePage: 'https://lms.example.org', name: '42' } },
  ])
    assert.deepEqual(checkAgent(good), { objectType: 'Agent', ...good });
  const bad = [
    [{ objectType: 'Agent', name: 'learner' }, /it has none/], // what the embed sent before
    [{ mbox: 'mailto:a@b.c', openid: 'https://x.org' }, /it has mbox and openid/],
    [{ mbox: 'ada@example.org' }, /mbox must be 'mailto:'/],
    [{ mbox_sha1sum: 'xyz' }, /40 hex digits/],
    [{ openid: 'not an iri' }, /openid must be an IRI/],
    [{ account: { homePage: 'https://lms.example.org', name: '' } }, /account must be/],
    [{ objectType: 'Group', mbox: 'mailto:a@b.c' }, /objectType is Group/],
    [{ mbox: 'mailto:a@b.c', name: 7 }, /name must be a string/],
    [null, /got null/],
    ['mailto:a@b.c', /got mailto:a@b.c/],
  ];
  for (const [actor, why] of bad)
    assert.throws(
      () => checkAgent(actor, 'connectEmbeds: actor'),
      (e) => e instanceof TypeError && why.test(e.message),
    );
});

test('connectEmbeds({ actor }) puts the learner into every result statement; a bad actor throws at once', () => {
  const listeners = new EventTarget();
  globalThis.window = listeners;
  try {
    const hellos = [];
    const source = { postMessage: (data, origin) => hellos.push([data.type, origin]) };
    const events = [];
    const frame = {
      src: 'https://lab.example.org/embed.html?exercise=four-properties',
      contentWindow: source,
      style: {},
      dispatchEvent: (e) => events.push(e),
    };
    const root = { querySelectorAll: () => [frame] };
    assert.throws(
      () => connectEmbeds({ origins: ['https://lab.example.org'], root, actor: { name: 'no id' } }),
      /connectEmbeds: actor must be an xAPI Agent/,
    );
    const learner = { mbox: 'mailto:ada@example.org', name: 'Ada' };
    const stop = connectEmbeds({ origins: ['https://lab.example.org'], root, actor: learner, store: null });
    const message = Object.assign(new Event('message'), {
      origin: 'https://lab.example.org',
      source,
      data: { type: 'pelab:result', exercise: 'four-properties', ...record, statement: answeredStatement(args) },
    });
    listeners.dispatchEvent(message);
    stop();
    assert.deepEqual(hellos, [['pelab:hello', 'https://lab.example.org']]); // the frame is asked for its height
    assert.equal(events.length, 1);
    const { statement } = events[0].detail;
    assertValidStatement(statement);
    assert.deepEqual(statement.actor, { objectType: 'Agent', ...learner });
    const framed = answeredStatement(args);
    for (const part of ['verb', 'object', 'result', 'timestamp'])
      assert.deepEqual(statement[part], framed[part], `${part}: the rest is the frame’s statement`);
  } finally {
    delete globalThis.window;
  }
});
