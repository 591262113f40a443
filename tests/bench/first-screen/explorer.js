// A reference page of the first-paint figure (tests/bench/first_screen.mjs): the lesson's text with the
// explorer mounted and drawn as the lesson page (web/main.js) mounts it, with its words and the core, and
// nothing else of the lesson page's script.
import { createLab } from 'positional-encoding-lab';
import { mountExplorer } from '../../../web/explorer.js';
import { LESSONS, lessonPageWords } from '../../../web/course/outline.js';
import { lessonTrains } from '../../../web/exercises/catalog.js';
import { loadCatalogs, translator } from '../../../web/i18n/messages.js';

const lab = createLab({ training: lessonTrains(LESSONS[0]) });
await loadCatalogs('en', ['common', ...lessonPageWords(LESSONS[0], { explorer: true })]);
mountExplorer(document.getElementById('explorer'), lab, translator('en').in('explorer'));
