// The course author's side: an iframe of embed.html and the host helper, told which origin to trust.
// ?frame=URL of the embed page (?frames=N of them), ?trust=origin to accept (defaults to the frame's own origin).
const params = new URLSearchParams(location.search);
const frameUrl = params.get('frame');
const trust = params.get('trust') ?? new URL(frameUrl).origin;
window.results = [];
for (let i = 0; i < Number(params.get('frames') ?? 1); i++) {
  const frame = document.createElement('iframe');
  frame.src = frameUrl;
  frame.title = `Positional encoding exercise ${i + 1}`;
  frame.width = '100%';
  frame.height = '200';
  document.getElementById('slot').append(frame);
  frame.addEventListener('pelab-result', (e) => window.results.push(e.detail));
}
// the plain-script build of the helper; ?connect=late waits for the test to call connectNow(), as a course
// page whose script runs after its iframes have loaded; ?connect=never is a course page without the helper;
// ?keep=none a helper that keeps no records for its frames
const store = params.get('keep') === 'none' ? null : undefined;
const connect = () => window.PelabEmbed.connectEmbeds({ origins: [trust], store });
if (params.get('connect') === 'late') window.connectNow = connect;
else if (params.get('connect') !== 'never') connect();
