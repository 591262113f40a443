// The lesson page: lay out the explorer while the wasm core loads (showing that it is loading), draw its
// heatmap, then lay out every exercise's section and mount each exercise as it comes into view (the rest
// in idle time). Marks:
//   pelab:first-heatmap  the first animation frame after the heatmap was drawn: the frame that puts its
//                        pixels on screen (the benchmark watches the pixels themselves);
//   pelab:ready          every exercise mounted and every formula typeset (also body[data-ready=true]).
import { createLab } from 'positional-encoding-lab';
import { mountExplorer } from './explorer.js';
import { connectPlatform } from './platforms/connect.js';
import { loadFailure } from './widgets/core-loader.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const loading = document.getElementById('loading');
// The exercises' code is not needed for the first picture: it downloads while the core does (the HTML
// preloads it) and is used once the heatmap is on screen.
const lessonModule = import('./lesson.js');
lessonModule.catch(() => {}); // reported where it is awaited
let coreError = null; // the core's own failure, told apart from the lesson's
try {
  // The explorer's controls and canvas are laid out while the core loads; it draws once the core is there.
  const loadingLab = createLab();
  loadingLab.catch((error) => {
    coreError = error;
  });
  const explorer = mountExplorer(document.getElementById('explorer'), loadingLab);
  const [lab] = await Promise.all([loadingLab, explorer.ready]);
  loading.hidden = true;
  window.pelab = { lab, explorer }; // for the browser tests and the curious
  // The heatmap is drawn as soon as the core is there; the rest waits until the frame showing it has
  // begun (or, should the heatmap never draw, for a canvas without a size, a few seconds).
  const painted = explorer.map.drawn.then(nextFrame).then(() => performance.mark('pelab:first-heatmap'));
  await Promise.race([painted, new Promise((resolve) => setTimeout(resolve, 3000))]);
  await new Promise((resolve) => setTimeout(resolve)); // out of the animation frame, so that it paints now
  const { mountLesson, exercises } = await lessonModule;
  const platform = await connectPlatform(exercises); // null unless packaged for an LMS and launched by one
  const lesson = mountLesson(document.getElementById('exercises'), lab, platform);
  window.pelab.lesson = lesson;
  await lesson.ready;
  performance.mark('pelab:ready');
  document.body.dataset.ready = 'true';
} catch (error) {
  if (error === coreError) {
    loading.replaceWith(loadFailure(error, () => location.reload()));
  } else {
    loading.hidden = false;
    loading.textContent = `The lesson could not start: ${error.message}`;
    loading.classList.add('error');
  }
}
