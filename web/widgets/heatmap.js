// A heatmap of a row-major matrix (rows = positions, columns = dimensions) on a canvas, with axes,
// a legend, and the exact value of a cell on hover and on keyboard focus (arrow keys, Home/End,
// PageUp/PageDown). The cell readout is announced through an aria-live region. Its own words (the hint, the
// axes' default names, the data table's) are the `widgets` catalog's, in the language of the `t` it is given
// (English by default); its numbers in that locale's notation.
import { lut32, LUT_SIZE, cssColour, rgbOfHex, sequentialLut32 } from './colormap.js';
import { matrixTable } from './tables.js';
import { indexTicks } from './ticks.js';
import { describeMatrix, widgetWords } from './describe.js';
import { csvLink, csvName, csvOf } from './csv.js';

const TABLE_CELLS = 24; // the data table shows 24 × 24 cells at a time, from the row and column the learner picks
const SUMMARY_MS = 300; // the sentence describing the map waits for a drag to pause (it reads every cell)
const LOUPE_CELLS = 7; // a tap magnifies the 7 × 7 cells around it (odd: the tapped cell is in the middle)
const LOUPE_PX = 16; // each drawn 16 CSS pixels square (on a phone a cell of a large matrix is 3 or 4 px)

let hints = 0; // for unique hint ids

const MARGIN = { left: 48, top: 10, right: 10, bottom: 34 };

const paragraph = (child) => {
  const p = document.createElement('p');
  p.append(child);
  return p;
};

function element(tag, attrs = {}, text) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

export class Heatmap {
  #firstDrawn;

  /**
   * @param {HTMLElement} host where to mount
   * @param {{label: string, rowName?: string, columnName?: string, limit?: number, describe?: Function,
   *   signed?: boolean, negative?: boolean}} options `signed: false` is for values from 0 to `limit`
   *   (weights, say): they go from the theme's background at 0 to its accent at `limit`, so that a map
   *   of mostly-zero weights is not a bright square on a dark page (the table follows the theme as it
   *   changes). With `negative: true` as well, the values run from −`limit` to 0 (a penalty, say), the
   *   accent at −`limit`: a scale with no positive half for values that are never positive. `t`: the
   *   translator (web/i18n/messages.js) it speaks with.
   */
  constructor(host, { label, rowName, columnName, limit = 1, describe, signed = true, negative = false, t } = {}) {
    const w = (this.words = widgetWords(t));
    rowName ??= w('heatmap.row');
    columnName ??= w('heatmap.column');
    this.signed = signed;
    this.negative = !signed && negative;
    this.rowName = rowName;
    this.columnName = columnName;
    this.limit = limit;
    this.describe =
      describe ??
      ((r, c, v) => w('heatmap.cell', { rowName, row: r, columnName, column: c, value: w.decimal(v.toFixed(6)) }));
    this.focus = { row: 0, column: 0 };
    /** Resolves once the canvas first holds the matrix (drawing waits for the canvas's size). */
    this.drawn = new Promise((resolve) => {
      this.#firstDrawn = resolve;
    });
    this.root = element('figure', { class: 'heatmap' });
    // The hint is the canvas's description, so a screen reader says that arrow keys work.
    const hintId = `heatmap-hint-${(hints += 1)}`;
    this.hint = element('p', { class: 'hint', id: hintId }, w('heatmap.hint'));
    const summaryId = `heatmap-summary-${hints}`;
    // Where the map shows its exercise's answer, said once the learner has answered (explain()).
    this.answer = element('p', { class: 'plot-answer', id: `heatmap-answer-${hints}`, 'data-until-answered': '' });
    this.answer.hidden = true;
    this.canvas = element('canvas', {
      tabindex: '0',
      role: 'img',
      'aria-label': label,
      'aria-describedby': `${hintId} ${summaryId} ${this.answer.id}`,
    });
    this.readout = element('p', { class: 'readout', 'aria-live': 'polite' });
    // A tapped cell magnified with its neighbours (a finger covers dozens of cells of a large matrix), shown
    // after a touch or pen press with a copy of the readout, over the map in the half the finger is not on:
    // below a tall map it would be off a phone's screen, and it takes no room, so nothing moves when it
    // shows. The readout is what a screen reader hears; the lens is not read.
    this.loupe = element('canvas', { class: 'loupe' });
    this.lensText = element('p', { class: 'lens-text' });
    this.lens = element('div', { class: 'lens', 'aria-hidden': 'true' });
    this.lens.append(this.loupe, this.lensText);
    this.lens.hidden = true;
    this.legend = this.#legend();
    // The data-table alternative: a sentence on the whole matrix (the map's description), then, built only
    // when the table is opened (a matrix can be half a million cells), a window of it the learner moves by
    // row and column, and the whole of it as a CSV file.
    this.label = label;
    this.details = element('details', { class: 'data-table' });
    // Named for its map, as a page holds several ("Data table" shown, the rest for a screen reader).
    const table = w('table.summary');
    const summary = element('summary', { 'aria-label': w('table.named', { table, name: label }) }, table);
    // For a screen reader, outside the table (Chrome leaves a closed <details>'s content out of a description).
    this.summary = element('p', { class: 'plot-summary visually-hidden', id: summaryId });
    this.wanted = { row: 0, column: 0 }; // the window's corner as asked for; shown clamped to the matrix
    this.windowControls = element('div', { class: 'table-window' });
    this.windowFields = {
      row: this.#windowField('row', rowName, label),
      column: this.#windowField('column', columnName, label),
    };
    this.windowControls.append(this.windowFields.row.field, this.windowFields.column.field);
    this.tableSlot = element('div');
    this.details.append(summary, this.windowControls, this.tableSlot);
    this.details.addEventListener('toggle', () => this.#fillTable());
    // A table is not rebuilt under the learner's focus: it catches up when focus leaves it.
    this.tableSlot.addEventListener('focusout', (event) => {
      if (this.stale && !this.tableSlot.contains(event.relatedTarget)) this.#fillTable();
    });
    this.root.append(
      this.canvas,
      this.legend,
      this.hint,
      this.summary,
      this.lens,
      this.readout,
      this.answer,
      this.details,
    );
    host.append(this.root);
    this.context = this.canvas.getContext('2d');
    this.cells = document.createElement('canvas'); // the matrix at one pixel per cell, scaled up by #draw
    this.cellsContext = this.cells.getContext('2d');
    this.area = { x: MARGIN.left, y: MARGIN.top, w: 0, h: 0 };
    // Axis titles, made once; the row title is drawn rotated, so its arrow points down the rows.
    this.axisNames = { column: `${columnName} →`, row: `← ${rowName}` };
    // A pointer reads the cell under it; a tap (or a press) also moves the focus cell there, before the
    // focus event announces it, so touch reads the tapped cell rather than cell (0, 0).
    this.canvas.addEventListener('pointermove', (e) => this.#hover(e));
    this.canvas.addEventListener('pointerdown', (e) => this.#press(e));
    this.canvas.addEventListener('keydown', (e) => this.#key(e));
    this.canvas.addEventListener('focus', () => this.#announce());
    // A swipe that scrolls the page (the browser takes the pointer: pointercancel) is no tap: no lens.
    this.canvas.addEventListener('pointercancel', () => {
      this.lens.hidden = true;
    });
    this.canvas.addEventListener('blur', () => {
      this.lens.hidden = true;
      this.#draw();
    });
    // Size and colours are read when they change, never while drawing: reading layout in the middle of
    // a slider drag would force a reflow of the whole page on every frame. (The first update reads them
    // once, so that the first picture is drawn at once rather than a frame later.)
    this.size = { width: 0, height: 0 };
    new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      if (width === this.size.width && height === this.size.height) return;
      this.size = { width, height };
      this.#readStyle();
      this.#draw();
    }).observe(this.canvas);
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      this.#readStyle();
      this.#draw();
    });
  }

  #legend() {
    const legend = element('div', { class: 'legend', 'aria-hidden': 'true' });
    const bar = element('div', { class: 'legend-bar' });
    // The unsigned map's gradient is set with its colours (#readStyle).
    if (this.signed)
      bar.style.background = `linear-gradient(to right, ${[-1, -0.5, 0, 0.5, 1].map((v) => cssColour(v, 1))})`;
    this.legendBar = bar;
    this.legendLabels = [element('span', {}, ''), element('span', {}, '0'), element('span', {}, '')];
    const labels = element('div', { class: 'legend-labels' });
    labels.append(...this.legendLabels);
    legend.append(bar, labels);
    return legend;
  }

  // The sentence on the whole matrix: at once for the first matrix, then once a drag pauses (it reads
  // every cell).
  #summarize() {
    const write = () => {
      const { rowName, columnName, rows, columns, data, firstRow, words } = this;
      this.summary.textContent = describeMatrix(rowName, columnName, rows, columns, data, firstRow, words);
    };
    clearTimeout(this.summaryTimer);
    if (!this.summary.textContent) write();
    else this.summaryTimer = setTimeout(write, SUMMARY_MS);
  }

  // A field that moves the table's window: its first row or column (a whole number within the matrix).
  // Made once, so typing in it keeps its focus while the table under it is rebuilt.
  #windowField(which, name, label) {
    const id = `${this.summary.id}-${which}`;
    const input = element('input', {
      id,
      type: 'number',
      min: '0',
      step: '1',
      value: '0',
      'aria-label': this.words('heatmap.fromNamed', { axis: name, name: label }),
    });
    input.addEventListener('change', () => {
      const offset = which === 'row' ? this.firstRow : 0;
      const value = Math.round(Number(input.value)) - offset; // 1e400 is Infinity: the last window
      this.wanted[which] = Number.isNaN(value) ? 0 : Math.max(0, value);
      this.#fillTable();
      this.readout.textContent = this.tableSlot.querySelector('caption')?.textContent ?? '';
    });
    const tag = element('label', { for: id }, this.words('heatmap.from', { axis: name }));
    const field = element('span', { class: 'control' });
    field.append(tag, input);
    return { field, input };
  }

  // The data table: TABLE_CELLS × TABLE_CELLS cells from the window's corner, and the CSV of the whole
  // matrix; rebuilt only while it is open.
  #fillTable() {
    if (!this.details.open || !this.data) return;
    this.stale = this.tableSlot.contains(document.activeElement);
    if (this.stale) return;
    const { rows: allRows, columns: allColumns } = this;
    const row = Math.max(0, Math.min(this.wanted.row, allRows - TABLE_CELLS)),
      column = Math.max(0, Math.min(this.wanted.column, allColumns - TABLE_CELLS));
    const rows = Math.min(allRows, TABLE_CELLS),
      cols = Math.min(allColumns, TABLE_CELLS);
    const values = new Float32Array(rows * cols);
    for (let r = 0; r < rows; r++) {
      const start = (row + r) * allColumns + column;
      values.set(this.data.subarray(start, start + cols), r * cols);
    }
    const partial = rows < allRows || cols < allColumns;
    const first = this.firstRow ?? 0;
    const w = this.words;
    const names = { rowName: this.rowName, columnName: this.columnName };
    const caption = partial
      ? w('heatmap.caption.part', {
          ...names,
          rowFrom: row + first,
          rowTo: row + first + rows - 1,
          firstRow: first,
          lastRow: first + allRows - 1,
          columnFrom: column,
          columnTo: column + cols - 1,
          lastColumn: allColumns - 1,
        })
      : w('heatmap.caption', names);
    // The fields say where the window is, clamped; they are there only when the table is a part.
    this.windowControls.hidden = !partial;
    const { row: rowField, column: columnField } = this.windowFields;
    rowField.input.min = String(first);
    rowField.input.max = String(first + allRows - 1);
    rowField.input.value = String(row + first);
    columnField.input.max = String(allColumns - 1);
    columnField.input.value = String(column);
    const csv = () => {
      const head = [`${this.rowName} \\ ${this.columnName}`, ...Array.from({ length: allColumns }, (_, c) => c)];
      const body = Array.from({ length: allRows }, (_, r) => [
        r + first,
        ...this.data.subarray(r * allColumns, (r + 1) * allColumns),
      ]);
      return csvOf(head, body);
    };
    const link = csvLink(csvName(this.label), this.label, csv, w);
    this.tableSlot.replaceChildren(
      matrixTable({
        name: w('table.region', { name: this.label }), // its region's name: the caption alone is alike for two maps
        caption,
        values,
        rows,
        cols,
        rowLabel: (r) => String(r + row + first),
        colLabel: (c) => String(c + column),
        digits: 4,
        t: w,
      }),
      paragraph(link),
    );
  }

  /** A sentence on where the map shows its exercise's answer, for after it is answered (part of its description). */
  explain(text) {
    this.answer.textContent = text;
    this.answer.hidden = false;
  }

  /**
   * Shows a rows × columns matrix (row-major `data`, at least rows × columns long); `firstRow` labels
   * row 0 (the table's start position). A slider calls this on every frame of a drag, so it allocates
   * nothing once the map has held a shape at least as large: the pixels and the canvas of cells keep
   * their capacity and are drawn from their top-left rows × columns corner.
   */
  update(data, rows, columns, firstRow = 0) {
    this.data = data;
    this.rows = rows;
    this.columns = columns;
    this.firstRow = firstRow;
    this.focus.row = Math.min(this.focus.row, rows - 1);
    this.focus.column = Math.min(this.focus.column, columns - 1);
    if (this.shownLimit !== this.limit) {
      this.shownLimit = this.limit;
      const number = (v) => this.words.decimal(v);
      const labels = this.signed
        ? [number(-this.limit), '0', `+${number(this.limit)}`]
        : this.negative
          ? [number(-this.limit), number(-this.limit / 2), '0']
          : ['0', number(this.limit / 2), number(this.limit)];
      labels.forEach((text, i) => {
        this.legendLabels[i].textContent = text.replace('-', '−');
      });
    }
    if (this.size.width === 0 && this.canvas.isConnected) this.#measure();
    if (!this.signed && !this.style) this.#readStyle(); // its colours come from the theme
    this.#reserve(rows, columns);
    this.#paintCells();
    // A readout of the matrix before is not left standing: the focused (or tapped) cell is read anew, quietly
    // (the text changes, no new announcement is asked for), and any other reading is cleared.
    if (document.activeElement === this.canvas || !this.lens.hidden)
      this.readout.textContent = this.#cellText(this.focus.row, this.focus.column);
    else this.readout.textContent = '';
    this.#draw();
    this.#summarize();
    this.#fillTable();
  }

  // Hot path (a slider redraws up to 1024 × 512 cells a frame): one multiply-add and one 32-bit store
  // per cell. Values are clamped into the colour table's range.
  #paintCells() {
    const { data, rows, columns } = this;
    const pixels = this.pixels,
      stride = this.image.width;
    const signed = this.signed,
      table = signed ? lut32 : this.style.lut;
    // signed: −limit … limit onto the whole table; unsigned: 0 … limit (negative: 0 … −limit).
    const scale = ((this.negative ? -1 : 1) * (LUT_SIZE - 1)) / ((signed ? 2 : 1) * this.limit),
      top = LUT_SIZE - 1,
      limit = signed ? this.limit : 0;
    for (let r = 0, i = 0; r < rows; r++) {
      for (let p = r * stride, end = p + columns; p < end; p++, i++) {
        const at = ((data[i] + limit) * scale + 0.5) | 0;
        pixels[p] = table[at < 0 ? 0 : at > top ? top : at];
      }
    }
    this.cellsContext.putImageData(this.image, 0, 0, 0, 0, columns, rows);
  }

  // Grows the pixel buffer and the canvas of cells when a shape does not fit, to at least twice their
  // size in the dimension that grew, so a drag towards a larger table reallocates a few times, not on
  // every frame.
  #reserve(rows, columns) {
    const held = this.image;
    if (held && rows <= held.height && columns <= held.width) return;
    const width = !held ? columns : columns <= held.width ? held.width : Math.max(columns, 2 * held.width);
    const height = !held ? rows : rows <= held.height ? held.height : Math.max(rows, 2 * held.height);
    this.image = new ImageData(width, height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.cells.width = width;
    this.cells.height = height;
  }

  // The canvas's size, read from layout (forcing it): only before the ResizeObserver has reported.
  #measure() {
    const { width, height } = this.canvas.getBoundingClientRect();
    this.size = { width, height };
    this.#readStyle();
  }

  #readStyle() {
    const style = getComputedStyle(this.root);
    this.style = {
      colour: style.color,
      font: `12px ${style.fontFamily}`,
      focus: style.getPropertyValue('--focus').trim() || '#000',
    };
    if (!this.signed) {
      const low = this.#opaque(style.getPropertyValue('--bg'), '#ffffff'),
        high = this.#opaque(style.getPropertyValue('--accent'), '#5b2a86');
      this.style.lut = sequentialLut32(rgbOfHex(low), rgbOfHex(high));
      const [left, right] = this.negative ? [high, low] : [low, high];
      this.legendBar.style.background = `linear-gradient(to right, ${left}, ${right})`;
      this.root.dataset.low = low; // what 0 is drawn as (the tests compare it with the page)
      if (this.data && this.image) this.#paintCells(); // the cells in the new colours
    }
  }

  // A CSS colour as '#rrggbb', normalised by the canvas (any syntax a theme may use); `fallback` when
  // it is empty or not opaque.
  #opaque(value, fallback) {
    const ctx = this.context;
    ctx.fillStyle = fallback;
    ctx.fillStyle = value.trim() || fallback;
    return /^#[0-9a-f]{6}$/i.test(ctx.fillStyle) ? ctx.fillStyle : fallback;
  }

  // The rectangle the cells fill, in CSS pixels (one object, updated in place).
  #plotArea() {
    this.area.w = this.size.width - MARGIN.left - MARGIN.right;
    this.area.h = this.size.height - MARGIN.top - MARGIN.bottom;
    return this.area;
  }

  #draw() {
    if (!this.data || !this.style || this.size.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this.size;
    if (this.canvas.width !== Math.round(width * ratio) || this.canvas.height !== Math.round(height * ratio)) {
      this.canvas.width = Math.round(width * ratio);
      this.canvas.height = Math.round(height * ratio);
    }
    const ctx = this.context;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const area = this.#plotArea();
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.cells, 0, 0, this.columns, this.rows, area.x, area.y, area.w, area.h);
    this.#axes(ctx, area);
    if (document.activeElement === this.canvas) this.#outlineFocus(ctx, area);
    this.#drawLoupe();
    if (this.#firstDrawn) {
      this.#firstDrawn();
      this.#firstDrawn = null;
    }
  }

  #axes(ctx, area) {
    ctx.fillStyle = this.style.colour;
    ctx.strokeStyle = this.style.colour;
    ctx.font = this.style.font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const c of indexTicks(this.columns, Math.max(2, Math.floor(area.w / 60)))) {
      const x = area.x + ((c + 0.5) / this.columns) * area.w;
      ctx.fillRect(x, area.y + area.h, 1, 4);
      ctx.fillText(this.words.decimal(c), x, area.y + area.h + 5);
    }
    ctx.fillText(this.axisNames.column, area.x + area.w / 2, area.y + area.h + 19);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const r of indexTicks(this.rows, Math.max(2, Math.floor(area.h / 40)))) {
      const y = area.y + ((r + 0.5) / this.rows) * area.h;
      ctx.fillRect(area.x - 4, y, 4, 1);
      ctx.fillText(this.words.decimal(r + this.firstRow), area.x - 6, y);
    }
    ctx.save();
    ctx.translate(12, area.y + area.h / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.fillText(this.axisNames.row, 0, 0);
    ctx.restore();
  }

  #outlineFocus(ctx, area) {
    const cw = area.w / this.columns,
      ch = area.h / this.rows;
    ctx.lineWidth = 2;
    ctx.strokeStyle = this.style.focus;
    ctx.strokeRect(
      area.x + this.focus.column * cw - 1,
      area.y + this.focus.row * ch - 1,
      Math.max(cw, 3) + 2,
      Math.max(ch, 3) + 2,
    );
  }

  #cellText(row, column) {
    return this.describe(row + this.firstRow, column, this.data[row * this.columns + column]);
  }

  // The cell under a pointer, or null outside the matrix.
  #cellAt(event) {
    if (!this.data) return null;
    const area = this.#plotArea();
    const rect = this.canvas.getBoundingClientRect();
    const x = event.clientX - rect.left - area.x,
      y = event.clientY - rect.top - area.y;
    if (x < 0 || y < 0 || x >= area.w || y >= area.h) return null;
    return { row: Math.floor((y / area.h) * this.rows), column: Math.floor((x / area.w) * this.columns) };
  }

  #hover(event) {
    const cell = this.#cellAt(event);
    if (!cell) return;
    this.readout.textContent = this.#cellText(cell.row, cell.column);
    if (event.pointerType !== 'mouse' && event.buttons) this.#press(event); // a finger dragged across the map
  }

  #press(event) {
    const cell = this.#cellAt(event);
    if (!cell) return;
    this.focus = cell;
    if (event.pointerType !== 'mouse') this.#showLens(event);
    this.#announce();
  }

  // The lens over the canvas, at its top when the finger is on the lower half, else at its bottom.
  // Of the part of the map on screen (a tall map may be partly scrolled off), so the lens is always in view;
  // not for a map whose cells are as large as the loupe's already.
  #showLens(event) {
    const area = this.#plotArea();
    if (area.w / this.columns >= LOUPE_PX && area.h / this.rows >= LOUPE_PX) return;
    const rect = this.canvas.getBoundingClientRect(),
      figure = this.root.getBoundingClientRect();
    const top = Math.max(rect.top, 0),
      bottom = Math.min(rect.bottom, window.innerHeight);
    const lower = event.clientY > (top + bottom) / 2;
    this.lens.hidden = false;
    this.lens.dataset.at = lower ? 'top' : 'bottom';
    this.lens.style.top = `${(lower ? top : bottom) - figure.top}px`;
  }

  // The loupe: LOUPE_CELLS × LOUPE_CELLS cells around the focus cell (fewer at an edge of the matrix, or of
  // a smaller one), LOUPE_PX CSS pixels each, the focus cell outlined.
  #drawLoupe() {
    if (this.lens.hidden) return;
    this.lensText.textContent = this.readout.textContent;
    const cols = Math.min(LOUPE_CELLS, this.columns),
      rows = Math.min(LOUPE_CELLS, this.rows);
    const half = LOUPE_CELLS >> 1;
    const column = Math.max(0, Math.min(this.focus.column - half, this.columns - cols)),
      row = Math.max(0, Math.min(this.focus.row - half, this.rows - rows));
    const ratio = window.devicePixelRatio || 1;
    const width = cols * LOUPE_PX,
      height = rows * LOUPE_PX;
    if (this.loupe.width !== Math.round(width * ratio) || this.loupe.height !== Math.round(height * ratio)) {
      this.loupe.width = Math.round(width * ratio);
      this.loupe.height = Math.round(height * ratio);
      this.loupe.style.width = `${width}px`;
      this.loupe.style.height = `${height}px`;
    }
    const ctx = this.loupe.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.cells, column, row, cols, rows, 0, 0, width, height);
    ctx.lineWidth = 3;
    ctx.strokeStyle = this.style.focus;
    ctx.strokeRect(
      (this.focus.column - column) * LOUPE_PX + 1.5,
      (this.focus.row - row) * LOUPE_PX + 1.5,
      LOUPE_PX - 3,
      LOUPE_PX - 3,
    );
  }

  #key(event) {
    if (!this.data) return;
    const moves = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      PageUp: [-10, 0],
      PageDown: [10, 0],
      Home: [0, -Infinity],
      End: [0, Infinity],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    this.focus.row = Math.max(0, Math.min(this.rows - 1, this.focus.row + move[0]));
    this.focus.column = Math.max(0, Math.min(this.columns - 1, this.focus.column + move[1]));
    this.#announce();
  }

  #announce() {
    if (!this.data) return;
    this.readout.textContent = this.#cellText(this.focus.row, this.focus.column);
    this.#draw();
  }
}
