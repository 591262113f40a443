// The H5P package (dist/packages/pelab-exercise.h5p, written by scripts/package.mjs): our content type
// library H5P.PelabExercise (library.json, semantics.json listing every exercise for the H5P editor, the
// class in web/platforms/h5p/library.js, and the exercises bundled in dist/h5p by
// web/platforms/h5p/vite.config.js) and an example content (the swap-invariance exercise).
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { exercises } from '../web/exercises/index.js';

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

export function semanticsJson() {
  return [
    {
      name: 'exercise',
      type: 'select',
      label: 'Exercise',
      description: 'The exercise of the lesson to show.',
      importance: 'high',
      options: exercises.map((e) => ({ value: e.id, label: e.title })),
      default: EXAMPLE.exercise,
    },
    {
      name: 'theme',
      type: 'select',
      label: 'Colour scheme',
      importance: 'low',
      options: [
        { value: 'auto', label: 'The learner’s system setting' },
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
      ],
      default: EXAMPLE.theme,
    },
  ];
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
  await json(join(stage, 'h5p.json'), h5pJson());
  await json(join(stage, 'content', 'content.json'), EXAMPLE);
  const file = join(out, 'pelab-exercise.h5p');
  await rm(file, { force: true });
  execFileSync('zip', ['-q', '-r', '-X', '-D', file, '.'], { cwd: stage });
  await rm(stage, { recursive: true, force: true });
  return file;
}
