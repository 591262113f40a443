// The course-platform packages' descriptors (scripts/package.mjs, scripts/package-h5p.mjs): SCORM manifests
// of each version, the launch page's dialect, and the H5P library's files. The packages themselves are
// played by real runtimes in tests/browser/scorm.test.mjs and tests/browser/h5p.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHtml, manifest } from '../../scripts/package.mjs';
import {
  h5pJson,
  libraryJson,
  semanticsJson,
  semanticsTranslation,
  H5P_LANGUAGES,
  LIBRARY_FOLDER,
} from '../../scripts/package-h5p.mjs';
import { exercises } from '../../web/exercises/index.js';

const args = {
  identifier: 'pkg-1',
  title: 'Q & A <1>',
  href: 'index.html',
  files: ['index.html', 'a b.js'],
  passing: 0.8,
};

test('SCORM 1.2 manifest: IMS CP 1.1.2 with ADL CP 1.2, a SCO and its mastery score', () => {
  const xml = manifest({ version: '1.2', ...args });
  assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<manifest identifier="pkg-1"/);
  assert.match(xml, /xmlns="http:\/\/www.imsproject.org\/xsd\/imscp_rootv1p1p2"/);
  assert.match(xml, /<schemaversion>1.2<\/schemaversion>/);
  assert.match(xml, /adlcp:scormtype="sco" href="index.html"/);
  assert.match(xml, /<adlcp:masteryscore>80<\/adlcp:masteryscore>/);
  assert.match(xml, /<title>Q &amp; A &lt;1&gt;<\/title>/, 'text is escaped');
  assert.match(xml, /<file href="a b.js" \/>/);
});

test('SCORM 2004 4th Edition manifest: IMS CP 1.1.4, ADL CP 1.3, a SCO, the passing measure', () => {
  const xml = manifest({ version: '2004', ...args });
  assert.match(xml, /xmlns="http:\/\/www.imsglobal.org\/xsd\/imscp_v1p1"/);
  assert.match(xml, /xmlns:adlcp="http:\/\/www.adlnet.org\/xsd\/adlcp_v1p3"/);
  assert.match(xml, /<schemaversion>2004 4th Edition<\/schemaversion>/);
  assert.match(xml, /adlcp:scormType="sco" href="index.html"/);
  assert.match(xml, /satisfiedByMeasure="true">\s*<imsss:minNormalizedMeasure>0.8</);
  assert.throws(() => manifest({ version: '2004 3rd', ...args }), RangeError);
});

test('the whole course’s manifest holds one SCO per lesson, in order, each with its passing score', () => {
  const items = [
    { title: 'Lesson 1', href: 'lesson-1.html' },
    { title: 'Lesson 2', href: 'lesson-2.html' },
    { title: 'Lesson 3', href: 'lesson-3.html' },
  ];
  for (const version of ['1.2', '2004']) {
    const xml = manifest({ version, ...args, items });
    const hrefs = [...xml.matchAll(/<resource identifier="(resource-\d)"[^>]* href="([^"]+)"/g)].map((m) => m.slice(1));
    assert.deepEqual(hrefs, [
      ['resource-1', 'lesson-1.html'],
      ['resource-2', 'lesson-2.html'],
      ['resource-3', 'lesson-3.html'],
    ]);
    const refs = [...xml.matchAll(/<item identifier="item-(\d)" identifierref="resource-(\d)"/g)].map(
      (m) => m[1] + m[2],
    );
    assert.deepEqual(refs, ['11', '22', '33'], version);
    const passing = version === '1.2' ? /<adlcp:masteryscore>80</g : /<imsss:minNormalizedMeasure>0.8</g;
    assert.equal(xml.match(passing).length, 3, version);
  }
});

test('the launch page is told its dialect, passing score and exercise', () => {
  const html = '<!doctype html><html><head><title>x</title></head></html>';
  const page = launchHtml(html, { version: '2004', passing: 1, exercise: 'norm-of-pe' });
  assert.match(page, /<head><meta name="pelab-lms" content="scorm-2004" \/><meta name="pelab-passing" content="1" \/>/);
  assert.match(page, /<meta name="pelab-exercise" content="norm-of-pe" \/>/);
  assert.doesNotMatch(launchHtml(html, { version: '1.2', passing: 0.8 }), /pelab-exercise|pelab-lang/);
  // A package made with --lang es tells its pages to speak Spanish (web/i18n/page.js reads it as ?lang=).
  assert.match(
    launchHtml(html, { version: '1.2', passing: 0.8, lang: 'es' }),
    /<meta name="pelab-lang" content="es" \/>/,
  );
  assert.throws(() => launchHtml('<html></html>', { version: '1.2', passing: 1 }), /no <head>/);
});

test('the H5P library: the fields H5P requires, the editor’s exercise list, and a runnable main library', () => {
  const library = libraryJson();
  for (const field of ['title', 'machineName', 'majorVersion', 'minorVersion', 'patchVersion', 'runnable'])
    assert.ok(library[field] !== undefined, field);
  assert.equal(LIBRARY_FOLDER, `${library.machineName}-${library.majorVersion}.${library.minorVersion}`);
  assert.notEqual(library.minorVersion, 0, 'a minor version 0 shows as undefined in some players’ xAPI');
  assert.deepEqual(library.preloadedJs, [{ path: 'library.js' }]);
  const [exercise, theme] = semanticsJson();
  assert.equal(exercise.name, 'exercise');
  assert.deepEqual(
    exercise.options.map((o) => o.value),
    exercises.map((e) => e.id),
  );
  assert.ok(exercise.options.some((o) => o.value === exercise.default));
  assert.deepEqual(
    theme.options.map((o) => o.value),
    ['auto', 'light', 'dark'],
  );
  const h5p = h5pJson();
  assert.equal(h5p.mainLibrary, library.machineName);
  assert.deepEqual(h5p.preloadedDependencies, [
    { machineName: library.machineName, majorVersion: library.majorVersion, minorVersion: library.minorVersion },
  ]);
});

test('H5P language files: each field’s words in the order of semantics.json, the exercises’ titles translated', async () => {
  const english = semanticsJson();
  for (const locale of ['es', 'zh-CN']) {
    const { semantics } = await semanticsTranslation(locale);
    assert.equal(semantics.length, english.length, locale);
    semantics.forEach((field, i) => {
      assert.equal(field.options.length, english[i].options.length, `${locale}: field ${i}'s options`);
      assert.notEqual(field.label, english[i].label, `${locale}: field ${i}'s label is translated`);
      // Only words: names, values and defaults stay semantics.json's (H5P merges the file over it).
      assert.ok(!('name' in field) && field.options.every((o) => !('value' in o)), locale);
    });
    const titles = semantics[0].options.map((o) => o.label);
    const translated = titles.filter((title, i) => title !== english[0].options[i].label);
    assert.ok(translated.length >= titles.length - 1, `${locale}: ${translated.length} of ${titles.length} titles`);
  }
  assert.deepEqual(Object.keys(H5P_LANGUAGES).sort(), ['es', 'zh-CN']);
});
