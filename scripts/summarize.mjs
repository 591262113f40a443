// Counts npm test's results from the JUnit XML reports the runners write (scripts/test.sh).
//
//   node scripts/summarize.mjs DIR...          "<layer>: N passed, M failed" for each layer folder
//   node scripts/summarize.mjs --total DIR...  the same lines after a list of every failure, then
//                                              "total: N passed, M failed"; exits 1 if anything failed
//   node scripts/summarize.mjs --record FILE NAME EXIT_CODE LOG
//                                              writes a one-case JUnit report for a plain command
//
// A layer folder (test-results/junit/<layer>/) holds the layer's *.xml reports and `exit-code`, the
// exit status of its command (a layer without one did not finish, and counts one failure). A test case counts
// as failed when it holds <failure> or <error> (or ctest marked it "fail"/"notrun"), as skipped when it holds
// <skipped> (node:test's skip and todo), and as passed otherwise. A layer whose command failed with no failing
// case in its reports, or that left no readable report, counts one failure more, so a crash before or after the
// tests still fails.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// ---- reading a report: fast-xml-parser, into {name, attrs, children, text} nodes --------------------

const parser = new XMLParser({
  preserveOrder: true, // children in document order, each {tag: [children], ':@': {attributes}}
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false, // text and attributes stay strings
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
});

// One parsed entry as a node; a node's text is its text and CDATA children, joined.
function nodeOf(entry) {
  const name = Object.keys(entry).find((k) => k !== ':@');
  const node = { name, attrs: entry[':@'] ?? {}, children: [], text: '' };
  for (const child of entry[name]) {
    if ('#text' in child) node.text += child['#text'];
    else if ('#cdata' in child) node.text += child['#cdata'].map((c) => c['#text'] ?? '').join('');
    else node.children.push(nodeOf(child));
  }
  return node;
}

function parseXml(text) {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`${valid.err.msg} (line ${valid.err.line})`);
  const root = { name: '#document', attrs: {}, children: [], text: '' };
  for (const entry of parser.parse(text))
    if (!Object.keys(entry).some((k) => k.startsWith('?'))) root.children.push(nodeOf(entry));
  if (!root.children.length) throw new Error('no element');
  return root;
}

function* elements(node, name) {
  for (const child of node.children) {
    if (child.name === name) yield child;
    yield* elements(child, name);
  }
}

// ---- counting ------------------------------------------------------------------------------------

const REPORT_LINE =
  /fuzz invariant failed|^\s+at |ERROR: \w+Sanitizer|runtime error|SUMMARY:|deadly signal|Test unit written to|timeout|out-of-memory/;

// What a failed case says: its failure text (or message), else the telling lines of its output.
function failureDetails(testcase) {
  const problem = testcase.children.find((c) => c.name === 'failure' || c.name === 'error');
  const out = testcase.children
    .filter((c) => c.name === 'system-out' || c.name === 'system-err')
    .map((c) => c.text)
    .join('\n');
  // (stack frames inside node's own modules say nothing about the test)
  let lines = (problem?.text.trim() || problem?.attrs.message || '')
    .split('\n')
    .filter((l) => l.trim() && !/^\s*at .*\(?node:/.test(l));
  if (lines.length <= 1 && out.trim()) {
    const all = out.split('\n').filter((l) => l.trim());
    const telling = all.filter((l) => REPORT_LINE.test(l));
    lines = [...lines, ...(telling.length ? telling : all.slice(-8))];
  }
  // long ones: the start, and the last line, where runners and formatters put their verdict
  return lines.length <= 12 ? lines : [...lines.slice(0, 10), `… ${lines.length - 11} more lines`, lines.at(-1)];
}

function summarizeLayer(dir) {
  const layer = { name: basename(dir), passed: 0, failed: 0, skipped: 0, failures: [] };
  const reports = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.xml')) : [];
  for (const file of reports.sort()) {
    let doc;
    try {
      doc = parseXml(readFileSync(join(dir, file), 'utf8'));
    } catch (e) {
      layer.failed++;
      layer.failures.push({ name: file, details: [`unreadable report (${e.message}): the runner stopped early?`] });
      continue;
    }
    for (const tc of elements(doc, 'testcase')) {
      const kinds = new Set(tc.children.map((c) => c.name));
      const name = tc.attrs.name ?? '(unnamed)';
      if (kinds.has('skipped')) layer.skipped++;
      else if (kinds.has('failure') || kinds.has('error') || ['fail', 'notrun'].includes(tc.attrs.status)) {
        layer.failed++;
        layer.failures.push({ name, details: failureDetails(tc) });
      } else layer.passed++;
    }
  }
  const codeFile = join(dir, 'exit-code');
  const code = existsSync(codeFile) ? Number(readFileSync(codeFile, 'utf8').trim()) : null;
  if (code === null) {
    // No exit code: the layer's command never finished (npm test stopped, or its lane killed, mid-layer).
    layer.failed++;
    layer.failures.push({ name: '(unfinished)', details: ['its command did not finish (no exit-code file)'] });
  } else if (!reports.length) {
    layer.failed++;
    layer.failures.push({ name: '(no report)', details: [`wrote no JUnit report (exit code ${code})`] });
  } else if (code !== 0 && layer.failed === 0) {
    layer.failed++;
    layer.failures.push({
      name: '(exit code)',
      details: [`exited with code ${code}, but no test case in its reports failed`],
    });
  }
  return layer;
}

const line = (l) => `${l.name}: ${l.passed} passed, ${l.failed} failed${l.skipped ? ` (${l.skipped} skipped)` : ''}`;

// ---- the commands ---------------------------------------------------------------------------------

const args = process.argv.slice(2);
if (args[0] === '--record') {
  const [, file, name, code, log] = args;
  const escape = (s) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);
  const output = existsSync(log) ? readFileSync(log, 'utf8') : '';
  const failed = Number(code) !== 0;
  const body = failed
    ? `<failure message="${escape(`exit code ${code}`)}">${escape(output.split('\n').slice(0, 400).join('\n'))}</failure>`
    : '';
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="${escape(name)}" tests="1" failures="${+failed}">` +
      `<testcase name="${escape(name)}">${body}</testcase></testsuite></testsuites>\n`,
  );
} else {
  const total = args[0] === '--total';
  const layers = args.slice(total ? 1 : 0).map(summarizeLayer);
  if (total) {
    const failures = layers.flatMap((l) => l.failures.map((f) => ({ layer: l.name, ...f })));
    if (failures.length) {
      console.log(`== failures (${failures.length})`);
      for (const f of failures) {
        console.log(`✖ ${f.layer} › ${f.name}`);
        for (const d of f.details) console.log(`    ${d}`);
      }
      console.log();
    }
    console.log('== summary (JUnit test cases per layer)');
  }
  for (const l of layers) console.log(line(l));
  if (total) {
    const sum = (k) => layers.reduce((s, l) => s + l[k], 0);
    console.log(`total: ${sum('passed')} passed, ${sum('failed')} failed`);
  }
  process.exitCode = layers.some((l) => l.failed > 0) ? 1 : 0;
}
