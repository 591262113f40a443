// A link to a place on the same page moves the keyboard's focus there, not only the view: browsers scroll to
// the target but leave document.activeElement on the body when the target (a heading, a list) cannot take
// focus, so a screen reader announces nothing and the next Tab may start over. The target gets
// tabindex="-1" (focusable from script, no tab stop) once it is followed.
export function focusFragmentTargets(root = document) {
  root.addEventListener('click', (event) => {
    const link = event.target.closest?.('a[href^="#"]');
    if (!link || link.getAttribute('href').length < 2 || event.defaultPrevented) return;
    let target;
    try {
      target = document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1)));
    } catch (error) {
      if (error instanceof URIError) return; // no valid fragment names nothing
      throw error;
    }
    if (!target) return;
    // After the browser's own move (and any handler that opens what holds the target).
    requestAnimationFrame(() => {
      if (!target.matches('a[href], button, input, select, textarea, summary, [tabindex]'))
        target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
  });
}
