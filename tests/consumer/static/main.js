// A plain static page: no bundler, the package's files served as they are.
import { createLab } from '/dist/index.js';
import '/dist/components.js';

// pe-ready and pe-result bubble (and cross shadow roots): one listener on the document hears every exercise.
window.readyEvents = [];
document.addEventListener('pe-ready', (e) => window.readyEvents.push(e.detail.exercise));

const lab = await createLab();
document.getElementById('out').textContent = lab.sinusoidal({ positions: 2, dModel: 2 })[2].toFixed(6);
const el = document.querySelector('pe-exercise');
el.addEventListener('pe-result', (e) => {
  document.body.dataset.result = JSON.stringify(e.detail);
});
document.body.dataset.ready = 'true';
