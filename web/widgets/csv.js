// A plot's numbers as a CSV file the learner can download (RFC 4180: comma-separated, a field quoted
// when it holds a comma, a quote or a line break, lines ended by CRLF). Numbers are written as
// JavaScript writes them, every digit the core gave, not as the page rounds them for the eye: a file for
// programs, in '.' notation whatever the page's language (only the link's words are translated).
import { h } from './dom.js';
import { widgetWords } from './describe.js';

const field = (value) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The CSV text of a header row and data rows (arrays of numbers or strings). */
export function csvOf(head, rows) {
  return [head, ...rows].map((row) => Array.from(row, field).join(',')).join('\r\n') + '\r\n';
}

/**
 * A "Download CSV" link for `fileName`, named for screen readers by `name` too (a page holds several);
 * `text` makes the file when the link is followed, so nothing is built for a learner who never asks.
 * `t`: the translator its words are in (English by default).
 */
export function csvLink(fileName, name, text, t) {
  const w = widgetWords(t);
  // aria-label rather than a hidden span: Chrome puts a space before a block-level span's text (“CSV : …”).
  const link = h(
    'a',
    { class: 'download', download: fileName, href: '#', 'aria-label': w('csv.named', { name }) },
    w('csv.download'),
  );
  link.addEventListener('click', () => {
    if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
    link.dataset.url = URL.createObjectURL(new Blob([text()], { type: 'text/csv;charset=utf-8' }));
    link.href = link.dataset.url;
  });
  return link;
}

/**
 * A file name from a plot's label: "attention-weights-of-head-1.csv". ASCII only: accents are dropped
 * ("atención" → "atencion"), and a label with no Latin letter or digit (Chinese) names "data.csv".
 */
export const csvName = (label) =>
  `${
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 60)
      .replace(/^-+|-+$/g, '') || 'data'
  }.csv`;
