// A DOM just large enough for the widgets a test drives without a browser (widgets/dom.js's h(), the line
// plot): elements record their attributes and children, nothing is laid out, and touching innerHTML fails
// the test. Installed as globalThis.document by importing this module.
export class FakeText {
  constructor(data) {
    this.nodeType = 3;
    this.data = String(data);
  }
  get textContent() {
    return this.data;
  }
}

const node = (n) => (typeof n === 'string' ? new FakeText(n) : n);

export class FakeElement {
  constructor(tag, svg = false) {
    this.nodeType = 1;
    this.tagName = svg ? tag : tag.toUpperCase(); // as browsers spell them: SVG elements keep their case
    this.attributes = {};
    this.childNodes = [];
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  getAttribute(name) {
    return this.attributes[name] ?? null;
  }
  removeAttribute(name) {
    delete this.attributes[name];
  }
  addEventListener() {}
  getBoundingClientRect() {
    return { width: 0, height: 0 }; // never laid out
  }
  append(...nodes) {
    this.childNodes.push(...nodes.map(node));
  }
  replaceChildren(...nodes) {
    this.childNodes = nodes.map(node);
  }
  set textContent(text) {
    this.childNodes = [new FakeText(text)];
  }
  get textContent() {
    return this.childNodes.map((n) => n.textContent).join('');
  }
  set innerHTML(_) {
    throw new Error('innerHTML was set');
  }
  get innerHTML() {
    throw new Error('innerHTML was read');
  }
}

globalThis.document = {
  createElement: (tag) => new FakeElement(tag),
  createElementNS: (_, tag) => new FakeElement(tag, true),
  createTextNode: (text) => new FakeText(text),
};
