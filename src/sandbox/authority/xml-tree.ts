// A small, non-validating XML reader for the simulated tax authority: it turns a transmitted
// document into a tree of elements (qualified name, attributes, text) that the rules walk. It reads
// what a UBL document is made of: an XML declaration, elements with attributes, text, character and
// the five predefined entity references, comments and CDATA. Anything else (a DOCTYPE, an unclosed
// or mismatched tag) is refused: the rules then reject the document as not well-formed.

export interface XmlElement {
  /** qualified name as written, e.g. `cbc:ID` */
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlElement[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (_, ref: string) => {
    if (!ref.startsWith('#')) return ENTITIES[ref]!;
    const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (code > 0x10ffff) throw new XmlReadError(`referencia de carácter inválida: &${ref};`);
    return String.fromCodePoint(code);
  });
}

const TAG =
  /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>/g;
const ATTR = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export class XmlReadError extends Error {}

/** The document element of `xml`; throws XmlReadError when it is not well-formed for this reader. */
export function readXml(xml: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let last = 0;
  TAG.lastIndex = 0;
  const text = (chunk: string) => {
    if (chunk.includes('<')) throw new XmlReadError('marcado no reconocido');
    const top = stack[stack.length - 1];
    if (top) top.text += decode(chunk);
    else if (chunk.trim() !== '') throw new XmlReadError('texto fuera del elemento raíz');
  };
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    if (m.index > last) text(xml.slice(last, m.index));
    last = TAG.lastIndex;
    const [whole, close, name, attrText, selfClose, cdata] = m;
    if (cdata !== undefined) {
      const top = stack[stack.length - 1];
      if (!top) throw new XmlReadError('CDATA fuera del elemento raíz');
      top.text += cdata;
      continue;
    }
    if (!name) {
      if (whole.startsWith('<!DOCTYPE')) throw new XmlReadError('DOCTYPE no admitido');
      continue;
    }
    if (close) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlReadError(`etiqueta de cierre inesperada: ${name}`);
      continue;
    }
    const attrs: Record<string, string> = {};
    if (attrText) {
      ATTR.lastIndex = 0;
      for (let a = ATTR.exec(attrText); a; a = ATTR.exec(attrText)) attrs[a[1]!] = decode(a[2] ?? a[3] ?? '');
    }
    const element: XmlElement = { name, attrs, text: '', children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) throw new XmlReadError('más de un elemento raíz');
    else root = element;
    if (!selfClose) stack.push(element);
  }
  if (last < xml.length) text(xml.slice(last));
  if (!root || stack.length > 0) throw new XmlReadError('documento incompleto');
  return root;
}

/** The first child element named `name` (qualified), if any. */
export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Follows a path of qualified names from `el`; the text of the element reached, or ''. */
export function textAt(el: XmlElement | undefined, ...path: string[]): string {
  let at = el;
  for (const name of path) at = child(at, name);
  return at?.text ?? '';
}

export function elementAt(el: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = el;
  for (const name of path) at = child(at, name);
  return at;
}
