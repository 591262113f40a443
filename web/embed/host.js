// The host-page helper for embedded exercises (iframes of embed.html). It listens for the frames'
// messages, accepting only the origins it was given: 'pelab:resize' sets the iframe's height, and
// 'pelab:result' is re-dispatched on the iframe as a bubbling `pelab-result` DOM event.
//
//   import { connectEmbeds } from 'positional-encoding-lab/embed';
//   const stop = connectEmbeds({ origins: ['https://lab.example.org'] });

export function connectEmbeds({ origins, root = document } = {}) {
  if (!Array.isArray(origins) || origins.length === 0 || !origins.every((o) => typeof o === 'string'))
    throw new TypeError('connectEmbeds: origins must be a non-empty array of origin strings, e.g. ["https://lab.example.org"]');
  const allowed = new Set(origins.map((o) => new URL(o).origin));
  const frameOf = (source) => [...root.querySelectorAll('iframe')].find((f) => f.contentWindow === source);

  function onMessage(event) {
    if (!allowed.has(event.origin)) return;
    const data = event.data;
    if (data === null || typeof data !== 'object' || typeof data.type !== 'string') return;
    const frame = frameOf(event.source);
    if (!frame) return;
    if (data.type === 'pelab:resize' && Number.isFinite(data.height) && data.height >= 0) {
      frame.style.height = `${Math.ceil(data.height)}px`;
    } else if (data.type === 'pelab:result') {
      const { exercise, correct, score, maxScore, statement } = data;
      frame.dispatchEvent(new CustomEvent('pelab-result', { bubbles: true,
        detail: { exercise, correct, score, maxScore, statement } }));
    }
  }
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
