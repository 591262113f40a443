// npm run package (scripts/build.sh, then this; alone, it needs dist/ built): the course-platform packages
// in dist/packages/.
//   pelab-course-scorm12.zip, pelab-course-scorm2004.zip        the whole course: one SCO per lesson
//   pelab-lesson-<lesson id>-scorm12.zip, …-scorm2004.zip        one lesson each (web/course/outline.js)
//   pelab-<id>-scorm12.zip, pelab-<id>-scorm2004.zip            one exercise each, for every exercise id
//   pelab-exercise.h5p                                         our H5P content type with example content
// A SCORM package is dist/lms (the lesson pages and the single-exercise page, bundled by
// web/platforms/vite.config.js) with an imsmanifest.xml and its launch pages told which LMS dialect to speak
// (a <meta> tag read by web/platforms/connect.js). Options: --only ID[,ID…] (these exercises' packages and the
// lessons'), --passing X (a lesson's passing scaled score, default 0.8; a single exercise passes when fully
// right).
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exercises } from '../web/exercises/index.js';
import { buildH5p } from './package-h5p.mjs';
import { LESSONS } from '../web/course/outline.js';
import { localeOf, LOCALES } from '../web/i18n/locales.js';
import { loadCatalogs, translator } from '../web/i18n/messages.js';
import { loadExercises } from '../web/exercises/loaders.js';
import { numberedTitle } from '../web/course/page.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const LMS = join(root, 'dist', 'lms');
const OUT = join(root, 'dist', 'packages');

const xml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  );

/** Every file under `dir`, as package-relative paths with '/' separators, sorted. */
export async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) =>
      relative(dir, join(e.parentPath ?? e.path, e.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

// Each namespace and its schema file, as ADL's templates pair them.
const SCHEMAS = {
  1.2: [
    'http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd',
    'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd',
    'http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd',
  ].join(' '),
  2004: [
    'http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd',
    'http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd',
    'http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd',
    'http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd',
    'http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd',
  ].join(' '),
};

/**
 * imsmanifest.xml for one SCO (`href`) or several (`items`: [{ title, href }], each a SCO of the course's
 * organization, in order: the whole course's package holds one per lesson). `version`: '1.2' (IMS CP 1.1.2 +
 * ADL CP 1.2) or '2004' (SCORM 2004 4th Edition: IMS CP 1.1.4, ADL CP/SEQ/NAV 1.3, IMS SS 1.0). `passing` goes
 * to each SCO's mastery score (1.2) or primary objective's minimum normalized measure (2004), from which the LMS
 * sets the passing score the launch page reads.
 */
export function manifest({ version, identifier, title, href, items = [{ title, href }], files, passing }) {
  if (version !== '1.2' && version !== '2004')
    throw new RangeError(`manifest: version must be '1.2' or '2004' (got ${version})`);
  const fileList = files.map((f) => `        <file href="${xml(f)}" />`).join('\n');
  const one = items.length === 1;
  const itemId = (i) => (one ? 'item' : `item-${i + 1}`);
  const resourceId = (i) => (one ? 'resource' : `resource-${i + 1}`);
  const scormType = version === '1.2' ? 'adlcp:scormtype' : 'adlcp:scormType';
  const resources = items
    .map(
      (
        item,
        i,
      ) => `    <resource identifier="${resourceId(i)}" type="webcontent" ${scormType}="sco" href="${xml(item.href)}">
${fileList}
    </resource>`,
    )
    .join('\n');
  // Everything after the manifest's opening tag, alike in both versions but for the schema version.
  const body = (schemaVersion, organization) => `  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${schemaVersion}</schemaversion>
  </metadata>
  <organizations default="organization">
    <organization identifier="organization">
      <title>${xml(title)}</title>
${organization}
    </organization>
  </organizations>
  <resources>
${resources}
  </resources>
</manifest>
`;
  if (version === '1.2') {
    const organization = items
      .map(
        (item, i) => `      <item identifier="${itemId(i)}" identifierref="${resourceId(i)}" isvisible="true">
        <title>${xml(item.title)}</title>
        <adlcp:masteryscore>${Math.round(passing * 100)}</adlcp:masteryscore>
      </item>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(identifier)}" version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="${SCHEMAS['1.2']}">
${body('1.2', organization)}`;
  }
  const organization = items
    .map(
      (item, i) => `      <item identifier="${itemId(i)}" identifierref="${resourceId(i)}" isvisible="true">
        <title>${xml(item.title)}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="score" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${passing}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(identifier)}" version="1"
    xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
    xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="${SCHEMAS[2004]}">
${body('2004 4th Edition', organization)}`;
}

/**
 * The launch page's HTML, told the LMS dialect, the passing score, (for one exercise) its id and (for a package
 * in another language than English) the language it speaks (web/i18n/page.js reads it as it reads ?lang=).
 */
export function launchHtml(html, { version, passing, exercise, lang = 'en' }) {
  const metas = [
    `<meta name="pelab-lms" content="scorm-${version}" />`,
    `<meta name="pelab-passing" content="${passing}" />`,
    exercise ? `<meta name="pelab-exercise" content="${xml(exercise)}" />` : '',
    lang === 'en' ? '' : `<meta name="pelab-lang" content="${xml(lang)}" />`,
  ].join('');
  if (!html.includes('<head>')) throw new Error('launchHtml: the page has no <head>');
  return html.replace('<head>', `<head>${metas}`);
}

const VERSIONS = { 1.2: 'scorm12', 2004: 'scorm2004' };

// A package of one exercise (`exercise`) or of lessons (`items`: [{title, href}] of dist/lms's lesson pages): the
// zip of dist/lms every package shares (`base`), copied, with the launch pages told their dialect and the manifest
// written into it. zip replaces or adds just those entries and copies the rest as they are compressed: deflating
// all of dist/lms for each of the 62 SCORM packages took 17 s of npm test's time.
async function scormPackage({ version, name, title, exercise, items, passing, files, lang, base }) {
  const stage = join(OUT, '.stage', `${name}-${VERSIONS[version]}`);
  await rm(stage, { recursive: true, force: true });
  const launched = exercise ? [{ title, href: 'platforms/exercise.html' }] : items;
  for (const { href } of launched) {
    const page = join(stage, ...href.split('/'));
    await mkdir(join(page, '..'), { recursive: true });
    await writeFile(page, launchHtml(await readFile(join(LMS, href), 'utf8'), { version, passing, exercise, lang }));
  }
  const identifier = `positional-encoding-lab-${name}-${VERSIONS[version]}`;
  await writeFile(
    join(stage, 'imsmanifest.xml'),
    manifest({ version, identifier, title, items: launched, files, passing }),
  );
  const zip = join(OUT, `${name}-${VERSIONS[version]}.zip`);
  await copyFile(base, zip);
  execFileSync('zip', ['-q', '-r', '-X', zip, '.'], { cwd: stage });
  await rm(stage, { recursive: true, force: true });
  return zip;
}

async function main(argv) {
  const arg = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const passing = Number(arg('--passing') ?? 0.8);
  if (!(passing >= 0 && passing <= 1)) throw new RangeError(`--passing must be from 0 to 1 (got ${arg('--passing')})`);
  const only = arg('--only')?.split(',');
  // --lang: the language the SCORM packages speak and are titled in (English by default; the H5P package holds
  // every language, chosen by the platform).
  const lang = localeOf(arg('--lang') ?? 'en')?.code;
  if (!lang || lang === 'en-XA')
    throw new RangeError(`--lang must be one of ${LOCALES.map((l) => l.code).join(', ')} (got ${arg('--lang')})`);
  await loadCatalogs(lang, ['common', 'course']);
  const t = translator(lang, 'course');
  const local = new Map(
    (
      await loadExercises(
        exercises.map((e) => e.id),
        lang,
      )
    ).map((e) => [e.id, e]),
  );
  const suffix = lang === 'en' ? '' : `-${lang}`; // the English packages keep their names
  const chosen = (only ? exercises.filter((e) => only.includes(e.id)) : exercises).map((e) => local.get(e.id));
  if (only && chosen.length !== only.length)
    throw new RangeError(
      `--only: unknown exercise among ${only.join(', ')} (ids: ${exercises.map((e) => e.id).join(', ')})`,
    );
  // The pages (dist/lms) and the H5P bundle (dist/h5p), from web/ and the package entry built in dist/.
  for (const config of ['web/platforms/vite.config.js', 'web/platforms/h5p/vite.config.js'])
    execFileSync('npx', ['--no-install', 'vite', 'build', '--config', config], { cwd: root, stdio: 'inherit' });
  await rm(OUT, { recursive: true, force: true }); // no package of an earlier build stays beside these
  await mkdir(OUT, { recursive: true });
  const files = await filesUnder(LMS); // fails clearly when dist/lms was not built
  const base = join(OUT, '.stage', 'lms.zip'); // what every SCORM package holds before its launch pages and manifest
  await mkdir(join(OUT, '.stage'), { recursive: true });
  execFileSync('zip', ['-q', '-r', '-X', base, '.'], { cwd: LMS });
  const made = [];
  for (const version of ['1.2', '2004']) {
    const lessons = LESSONS.map((l, i) => ({ id: l.id, title: numberedTitle(l, i + 1, t), href: l.url }));
    made.push(
      await scormPackage({
        version,
        name: `pelab-course${suffix}`,
        title: t('site.name'),
        items: lessons,
        passing,
        files,
        lang,
        base,
      }),
    );
    for (const lesson of lessons)
      made.push(
        await scormPackage({
          version,
          name: `pelab-lesson-${lesson.id}${suffix}`,
          title: lesson.title,
          items: [lesson],
          passing,
          files,
          lang,
          base,
        }),
      );
    for (const e of chosen)
      made.push(
        await scormPackage({
          version,
          name: `pelab-${e.id}${suffix}`,
          title: e.title,
          exercise: e.id,
          passing: 1,
          files,
          lang,
          base,
        }),
      );
  }
  made.push(await buildH5p({ root, out: OUT }));
  await rm(join(OUT, '.stage'), { recursive: true, force: true });
  console.log(`package: ${made.length} packages in dist/packages/`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
