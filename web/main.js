// The lesson page: load the wasm core (showing that it is loading), paint the explorer's heatmap, then
// mount the exercises as they come into view (and the rest in idle time). Marks:
//   pelab:first-heatmap  the first animation frame after the heatmap was drawn: the frame that puts its
//                        pixels on screen (the benchmark watches the pixels themselves);
//   pelab:ready          every exercise mounted and every formula typeset (also body[data-ready=true]).
import { createLab } from 'positional-encoding-lab';
import { mountExplorer } from './explorer.js';
import { mountLesson } from './lesson.js';
import { typeset } from './widgets/math.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const loading = document.getElementById('loading');
try {
  const lab = await createLab();
  loading.hidden = true;
  const explorer = mountExplorer(document.getElementById('explorer'), lab);
  // The heatmap is drawn as it mounts; nothing else is mounted until the frame showing it has begun.
  const painted = explorer.map.drawn.then(nextFrame).then(() => performance.mark('pelab:first-heatmap'));
  // Should the heatmap never draw (a canvas without a size), the exercises come anyway.
  const start = Promise.race([painted, new Promise((resolve) => setTimeout(resolve, 3000))]);
  const lesson = mountLesson(document.getElementById('exercises'), lab, { start });
  window.pelab = { lab, explorer, lesson };  // for the browser tests and the curious
  await lesson.ready;
  await typeset();
  performance.mark('pelab:ready');
  document.body.dataset.ready = 'true';
} catch (error) {
  loading.hidden = false;
  loading.textContent = `The WebAssembly core could not start: ${error.message}`;
  loading.classList.add('error');
}
