// The lesson page: load the wasm core (showing that it is loading), then mount the explorer and the
// exercises.
import { createLab } from 'positional-encoding-lab';
import { mountExplorer } from './explorer.js';
import { mountLesson } from './lesson.js';

const loading = document.getElementById('loading');
try {
  const lab = await createLab();
  loading.hidden = true;
  const explorer = mountExplorer(document.getElementById('explorer'), lab);
  performance.mark('pelab:first-heatmap');
  const lesson = mountLesson(document.getElementById('exercises'), lab);
  document.body.dataset.ready = 'true';
  window.pelab = { lab, explorer, lesson };  // for the browser tests and the curious
} catch (error) {
  loading.textContent = `The WebAssembly core could not start: ${error.message}`;
  loading.classList.add('error');
}
