// The H5P package (dist/packages/pelab-exercise.h5p, written by scripts/package.mjs): our content type
// library H5P.PelabExercise (library.json, semantics.json listing every exercise for the H5P editor, the
// class in web/platforms/h5p/library.js, and the exercises bundled in dist/h5p by
// web/platforms/h5p/vite.config.js) and an example content (the swap-invariance exercise).
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { exercises } from '../web/exercises/index.js';
import { loadExercises } from '../web/exercises/loaders.js';
import { loadCatalogs, translator } from '../web/i18n/messages.js';
import { LOCALES } from '../web/i18n/locales.js';

await loadCatalogs('en', ['packages']); // semantics.json's own words are English's

// Minor version 1, not 0: H5P players build the xAPI category from it, and some show a 0 as `undefined`.
export const LIBRARY = { machineName: 'H5P.PelabExercise', majorVersion: 1, minorVersion: 1, patchVersion: 0 };
export const LIBRARY_FOLDER = `${LIBRARY.machineName}-${LIBRARY.majorVersion}.${LIBRARY.minorVersion}`;
export const EXAMPLE = { exercise: 'swap-invariance', theme: 'auto' };

export function libraryJson() {
  return {
    title: 'Positional Encoding Lab exercise',
    description: 'One live exercise on positional encoding in Transformers, computed by a WebAssembly core.',
    ...LIBRARY,
    runnable: 1,
    author: 'Positional Encoding Lab',
    license: 'MIT',
    embedTypes: ['iframe'],
    coreApi: { majorVersion: 1, minorVersion: 19 },
    preloadedJs: [{ path: 'library.js' }],
    preloadedCss: [{ path: 'library.css' }],
  };
}

// The editor's words, from the `packages` catalog and the exercises' own titles (web/i18n/catalogs/).
const fields = (t, titles) => [
  {
    label: t('h5p.exercise.label'),
    description: t('h5p.exercise.description'),
    options: titles.map((label) => ({ label })),
  },
  {
    label: t('h5p.theme.label'),
    options: ['auto', 'light', 'dark'].map((value) => ({ label: t(`h5p.theme.${value}`) })),
  },
];

export function semanticsJson() {
  const [exercise, theme] = fields(
    translator('en', 'packages'),
    exercises.map((e) => e.title),
  );
  return [
    {
      name: 'exercise',
      type: 'select',
      ...exercise,
      importance: 'high',
      options: exercises.map((e, i) => ({ value: e.id, ...exercise.options[i] })),
      default: EXAMPLE.exercise,
    },
    {
      name: 'theme',
      type: 'select',
      ...theme,
      importance: 'low',
      options: ['auto', 'light', 'dark'].map((value, i) => ({ value, ...theme.options[i] })),
      default: EXAMPLE.theme,
    },
  ];
}

// H5P's names for our languages' files (language/<code>.json): H5P platforms ask for zh-hans, or zh-cn.
export const H5P_LANGUAGES = { es: ['es'], 'zh-CN': ['zh-hans', 'zh-cn'] };

/**
 * What language/<code>.json holds for `locale`: the semantics' translatable words only, field by field in the
 * order of semantics.json (H5P merges them over it; names, values and defaults stay as they are).
 */
export async function semanticsTranslation(locale) {
  await loadCatalogs(locale, ['common', 'packages']);
  const titles = (
    await loadExercises(
      exercises.map((e) => e.id),
      locale,
    )
  ).map((e) => e.title);
  return { semantics: fields(translator(locale, 'packages'), titles) };
}

export function h5pJson() {
  const { machineName, majorVersion, minorVersion } = LIBRARY;
  return {
    title: 'Positional Encoding Lab: swap two tokens',
    language: 'en',
    mainLibrary: machineName,
    embedTypes: ['iframe'],
    license: 'U',
    preloadedDependencies: [{ machineName, majorVersion, minorVersion }],
  };
}

/** Writes the .h5p (a zip) into `out` and returns its path. */
export async function buildH5p({ root, out }) {
  const stage = join(out, '.stage', 'h5p');
  const lib = join(stage, LIBRARY_FOLDER);
  await rm(stage, { recursive: true, force: true });
  await mkdir(join(stage, 'content'), { recursive: true });
  await cp(join(root, 'dist', 'h5p'), join(lib, 'dist'), { recursive: true });
  await cp(join(root, 'web', 'platforms', 'h5p', 'library.js'), join(lib, 'library.js'));
  await cp(join(root, 'web', 'platforms', 'h5p', 'library.css'), join(lib, 'library.css'));
  const json = (file, value) => writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
  await json(join(lib, 'library.json'), libraryJson());
  await json(join(lib, 'semantics.json'), semanticsJson());
  await mkdir(join(lib, 'language'), { recursive: true });
  await json(join(lib, 'language', '.en.json'), await semanticsTranslation('en')); // H5P's template for translators
  for (const { code } of LOCALES.filter((l) => l.code !== 'en'))
    for (const file of H5P_LANGUAGES[code])
      await json(join(lib, 'language', `${file}.json`), await semanticsTranslation(code));
  await json(join(stage, 'h5p.json'), h5pJson());
  await json(join(stage, 'content', 'content.json'), EXAMPLE);
  const file = join(out, 'pelab-exercise.h5p');
  await rm(file, { force: true });
  execFileSync('zip', ['-q', '-r', '-X', '-D', file, '.'], { cwd: stage });
  await rm(stage, { recursive: true, force: true });
  return file;
}
