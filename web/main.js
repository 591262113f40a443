// The lesson page: load the wasm core (showing that it is loading), paint the explorer's heatmap, lay
// out the exercises' sections, and mount each exercise as it comes into view (the rest in idle time). Marks:
//   pelab:first-heatmap  the first animation frame after the heatmap was drawn: the frame that puts its
//                        pixels on screen (the benchmark watches the pixels themselves);
//   pelab:ready          every exercise mounted and every formula typeset (also body[data-ready=true]).
import { createLab } from 'positional-encoding-lab';
import { mountExplorer } from './explorer.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const loading = document.getElementById('loading');
try {
  // The exercises' code loads while the core does (the HTML preloads both): the page's own script starts
  // without waiting for it, and the sections are laid out in the same frame as the first heatmap.
  const [lab, { mountLesson }] = await Promise.all([createLab(), import('./lesson.js')]);
  loading.hidden = true;
  const explorer = mountExplorer(document.getElementById('explorer'), lab);
  // The heatmap is drawn as it mounts; nothing else is mounted until the frame showing it has begun.
  const painted = explorer.map.drawn.then(nextFrame).then(() => performance.mark('pelab:first-heatmap'));
  // Should the heatmap never draw (a canvas without a size), the exercises come anyway.
  const start = Promise.race([painted, new Promise((resolve) => setTimeout(resolve, 3000))]);
  const lesson = mountLesson(document.getElementById('exercises'), lab, { start });
  window.pelab = { lab, explorer, lesson };  // for the browser tests and the curious
  await lesson.ready;
  performance.mark('pelab:ready');
  document.body.dataset.ready = 'true';
} catch (error) {
  loading.hidden = false;
  loading.textContent = `The WebAssembly core could not start: ${error.message}`;
  loading.classList.add('error');
}
