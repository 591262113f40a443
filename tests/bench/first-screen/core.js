// A reference page of the first-paint figure (tests/bench/first_screen.mjs): the lesson's text with the core
// started as the lesson page starts it, one table computed, and a canvas filled as the trivial page fills its
// own, in a colour the table decides (so the fill waits for the core's answer).
import { createLab } from 'positional-encoding-lab';
import { LESSONS } from '../../../web/course/outline.js';
import { lessonTrains } from '../../../web/exercises/catalog.js';

const lab = await createLab({ training: lessonTrains(LESSONS[0]) });
const out = new Float32Array(128 * 64);
lab.sinusoidal({ positions: 128, dModel: 64, base: 10000, variant: 'paper', out });
const canvas = document.querySelector('canvas');
const ctx = canvas.getContext('2d');
ctx.fillStyle = out[1] > 0.5 ? '#2d004b' : '#7f3b08'; // cos(0) = 1
ctx.fillRect(0, 0, canvas.width, canvas.height);
