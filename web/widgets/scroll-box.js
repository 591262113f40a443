// A box whose content can be wider than it (a table, a display formula) scrolls sideways, and keyboard
// users must be able to focus and scroll it (WCAG: scrollable regions must be reachable by keyboard).
// Only while it can scroll, though: content that fits is no extra tab stop. The box and its content are
// watched, so wider content or a narrower window turns the stop on again.
// Marked in the next frame, not inside the observer's callback: the box's width goes to its caption, whose new
// height is then a size changed inside the callback, which the page is told of as an error ("ResizeObserver loop
// completed with undelivered notifications") that a course platform's error reporting sees.
const waiting = new Set();
let frame = 0;
const overflow =
  typeof ResizeObserver === 'function'
    ? new ResizeObserver((entries) => {
        for (const { target } of entries) waiting.add(target.closest('[data-scroll-box]'));
        frame ||= requestAnimationFrame(() => {
          frame = 0;
          const boxes = [...waiting];
          waiting.clear();
          boxes.forEach(markScrollable);
        });
      })
    : null;
function markScrollable(box) {
  if (!box) return;
  if (box.scrollWidth > box.clientWidth + 1) box.setAttribute('tabindex', '0');
  else box.removeAttribute('tabindex');
  // A table's caption wraps at the box's width, not the wider table's, and stays in view as it scrolls.
  const width = `${box.clientWidth}px`;
  if (box.style.getPropertyValue('--box-width') !== width) box.style.setProperty('--box-width', width);
  markMore(box);
}
// Whether content lies hidden to the right: the box's edge fades then (exercise.css), a cue to scroll.
function markMore(box) {
  box.toggleAttribute('data-more', box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
}

/** Watches `box` (holding `content`) for whether it scrolls, as above. */
export function watchScroll(box, content) {
  box.dataset.scrollBox = '';
  box.addEventListener('scroll', () => markMore(box), { passive: true });
  overflow?.observe(box);
  overflow?.observe(content);
}
