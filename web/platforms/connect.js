// The pages' one hook for course platforms. A page packaged for an LMS carries
// <meta name="pelab-lms" content="scorm-1.2|scorm-2004"> (and pelab-passing, the scaled score that passes),
// written by scripts/package.mjs; only then is the SCORM code loaded and the LMS looked for. Anywhere
// else (the site, a package opened without an LMS) this answers null and the page works as it does alone.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;

/** A SCORM session for `exercises` (see platforms/scorm.js), ended on pagehide, or null. */
export async function connectPlatform(exercises) {
  const lms = meta('pelab-lms');
  const version = { 'scorm-1.2': '1.2', 'scorm-2004': '2004' }[lms];
  if (!version) return null;
  const { connectScorm } = await import('./scorm.js');
  const passing = Number(meta('pelab-passing') ?? 1);
  const session = connectScorm({ version, passing: Number.isFinite(passing) ? passing : 1, exercises });
  if (session) addEventListener('pagehide', () => session.finish());
  return session;
}
