// The first-paint floor of the benchmark: a page that loads nothing but this script and fills a canvas,
// served by the same server (and CSP) as the lesson page. What the lesson page's first heatmap is
// compared with.
const canvas = document.querySelector('canvas');
const ctx = canvas.getContext('2d');
const gradient = ctx.createLinearGradient(0, 0, canvas.width, 0);
gradient.addColorStop(0, '#7f3b08');
gradient.addColorStop(1, '#2d004b');
ctx.fillStyle = gradient;
ctx.fillRect(0, 0, canvas.width, canvas.height);
