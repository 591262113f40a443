// The pages' one hook for course platforms. A page packaged for an LMS carries
// <meta name="pelab-lms" content="scorm-1.2|scorm-2004"> (and pelab-passing, the scaled score that passes),
// written by scripts/package.mjs; only then is the SCORM code loaded and the LMS looked for. Anywhere
// else (the site, a package opened without an LMS) this answers null and the page works as it does alone.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;

/**
 * A session that keeps nothing: for an LMS that is there but will not start one, or SCORM code that did not
 * load. The learner works on; `problem` says why nothing reaches the course platform, and every record
 * answers false (not kept), so the page never says "Recorded". Progress stays in this page, for this visit.
 */
export function offlineSession(reason) {
  const kept = new Map();
  return {
    version: null,
    problem:
      `${reason} Your answers are checked as usual, but none reaches the course: this visit's records stay ` +
      'in this page until you leave it.',
    storage: { getItem: (key) => kept.get(key) ?? null, setItem: (key, value) => kept.set(key, String(value)) },
    record: () => false,
    track() {},
    finish() {},
  };
}

/** A SCORM session for `exercises` (see platforms/scorm.js), ended on pagehide, or null. Never throws. */
export async function connectPlatform(exercises) {
  const lms = meta('pelab-lms');
  const version = { 'scorm-1.2': '1.2', 'scorm-2004': '2004' }[lms];
  if (!version) return null;
  const passing = Number(meta('pelab-passing') ?? 1);
  let connectScorm;
  try {
    ({ connectScorm } = await import('./scorm.js'));
  } catch (error) {
    return offlineSession(`The page's SCORM code could not load (${error?.message}).`);
  }
  let session;
  try {
    session = connectScorm({ version, passing: Number.isFinite(passing) ? passing : 1, exercises });
  } catch (error) {
    return offlineSession(error.message); // connectScorm's own words: the LMS would not start a session
  }
  if (session) addEventListener('pagehide', () => session.finish());
  return session;
}
