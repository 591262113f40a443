// The host-page helper for embedded exercises (iframes of embed.html). It listens for the frames'
// messages, accepting only the http(s) origins it was given (so never 'null'): 'pelab:resize' sets the
// iframe's height, and 'pelab:result' is re-dispatched on the iframe as a bubbling `pelab-result` DOM event.
//
//   import { connectEmbeds } from 'positional-encoding-lab/embed';
//   const stop = connectEmbeds({ origins: ['https://lab.example.org'] });
// `actor` (optional): the learner as an xAPI Agent, e.g. { mbox: 'mailto:…', name }, put into every result's
// statement in place of the frame's anonymous one (web/platforms/xapi.js checks it).
import { checkAgent } from '../platforms/xapi.js';

const EXAMPLE = 'e.g. ["https://lab.example.org"]';

// The origin of an http(s) URL; anything else is refused. about:blank, data:, file: and the like have the
// opaque origin 'null', which every sandboxed frame and data: document also sends: trusting it would trust them all.
function webOrigin(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new TypeError(`connectEmbeds: origin ${JSON.stringify(value)} is not an http: or https: origin, ${EXAMPLE}`);
  return url.origin;
}

export function connectEmbeds({ origins, root = document, actor } = {}) {
  if (!Array.isArray(origins) || origins.length === 0 || !origins.every((o) => typeof o === 'string'))
    throw new TypeError(`connectEmbeds: origins must be a non-empty array of origin strings, ${EXAMPLE}`);
  const agent = actor === undefined ? null : checkAgent(actor, 'connectEmbeds: actor');
  const allowed = new Set(origins.map(webOrigin));
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
      const { exercise, correct, score, maxScore, solutionViewed } = data;
      const statement =
        agent && data.statement && typeof data.statement === 'object'
          ? { ...data.statement, actor: agent }
          : data.statement;
      frame.dispatchEvent(
        new CustomEvent('pelab-result', {
          bubbles: true,
          detail: { exercise, correct, score, maxScore, solutionViewed, statement },
        }),
      );
    }
  }
  window.addEventListener('message', onMessage);
  // Frames that loaded before this call (a course page's script after its iframes) have sent their height
  // already, to no one: ask every frame for it again. A frame of another origin never receives this.
  for (const frame of root.querySelectorAll('iframe'))
    for (const origin of allowed) frame.contentWindow?.postMessage({ type: 'pelab:hello' }, origin);
  return () => window.removeEventListener('message', onMessage);
}
