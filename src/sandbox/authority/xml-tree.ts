// A small, non-validating XML reader for the simulated tax authority: it turns a transmitted
// document into a tree of elements (qualified name, attributes, text) that the rules walk. It reads
// what a UBL document is made of: an XML declaration, elements with attributes, text, character and
// the five predefined entity references, comments, CDATA and processing instructions. Anything else
// (a DOCTYPE, an undefined entity, an unclosed or mismatched tag, a character XML 1.0 forbids) is
// refused: the rules then reject the document as not well-formed.
//
// It reads as an XML processor must (XML 1.0, 2.11 and 3.3.3), because the signature rule
// canonicalizes this tree (signature-check.ts) and must get the very bytes any other verifier gets:
// line ends become LF before anything else, and a literal TAB or LF in an attribute value becomes a
// space (a character reference stays the character). Each element also keeps its content in
// document order (text, child elements, processing instructions; comments are dropped, as C14N
// without comments drops them), and the document element the processing instructions around it.
//
// One pass with indexOf and sticky expressions over the text, no global regular expression over the
// whole document: the tax authority reads every signed document in the signing thread.

export interface XmlProcessingInstruction {
  target: string;
  /** what follows the target and its whitespace, '' when nothing does */
  data: string;
}

/** An element's content in document order: decoded text, a child element, a processing instruction. */
export type XmlContent = string | XmlElement | XmlProcessingInstruction;

export interface XmlElement {
  /** qualified name as written, e.g. `cbc:ID` */
  name: string;
  /** attributes as written (namespace declarations among them), values decoded and normalized */
  attrs: Record<string, string>;
  /** the element's own text (its text children, concatenated) */
  text: string;
  children: XmlElement[];
  content: XmlContent[];
  /** only on the document element: the processing instructions before and after it (not the XML declaration) */
  outside?: { before: XmlProcessingInstruction[]; after: XmlProcessingInstruction[] };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);)?/g;

const isXmlChar = (code: number): boolean =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

function decode(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(REFERENCE, (_, ref: string | undefined) => {
    if (ref === undefined) throw new XmlReadError('referencia a una entidad no definida');
    if (!ref.startsWith('#')) return ENTITIES[ref]!;
    const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (!isXmlChar(code)) throw new XmlReadError(`referencia de carácter inválida: &${ref};`);
    return String.fromCodePoint(code);
  });
}

/** A character XML 1.0 cannot carry (C0 controls but TAB/LF/CR, a lone surrogate, U+FFFE, U+FFFF). */
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NAME = '[A-Za-z_][\\w.:-]*';
const START_TAG = new RegExp(`<(${NAME})((?:[ \\t\\n]+${NAME}[ \\t\\n]*=[ \\t\\n]*(?:"[^"<]*"|'[^'<]*'))*)[ \\t\\n]*(/?)>`, 'y');
const END_TAG = new RegExp(`</(${NAME})[ \\t\\n]*>`, 'y');
const ATTR = new RegExp(`(${NAME})[ \\t\\n]*=[ \\t\\n]*(?:"([^"]*)"|'([^']*)')`, 'g');
const PI = new RegExp(`<\\?(${NAME})(?:[ \\t\\n]+([\\s\\S]*?))?\\?>`, 'y');
const SPACES = /^[ \t\n]*$/;

export class XmlReadError extends Error {}

// Most elements are leaves without attributes: they share these (never written to) instead of
// allocating their own, which spares the signing thread's garbage collector.
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_CHILDREN = Object.freeze([]) as unknown as XmlElement[];
const NO_CONTENT = Object.freeze([]) as unknown as XmlContent[];

/** The document element of `xml`; throws XmlReadError when it is not well-formed for this reader. */
export function readXml(input: string): XmlElement {
  if (NOT_XML_CHAR.test(input)) throw new XmlReadError('carácter no permitido en XML');
  let xml = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  if (xml.charCodeAt(0) === 0xfeff) xml = xml.slice(1);
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const before: XmlProcessingInstruction[] = [];
  const after: XmlProcessingInstruction[] = [];
  const text = (value: string) => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (!SPACES.test(value)) throw new XmlReadError('texto fuera del elemento raíz');
      return;
    }
    top.text += value;
    const last = top.content.length - 1;
    if (last < 0) top.content = [value];
    else if (typeof top.content[last] === 'string') top.content[last] += value;
    else top.content.push(value);
  };
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const end = lt < 0 ? xml.length : lt;
    if (end > at) {
      const chunk = xml.slice(at, end);
      if (chunk.includes(']]>')) throw new XmlReadError('"]]>" fuera de una sección CDATA');
      text(decode(chunk));
    }
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const close = xml.indexOf('-->', lt + 4);
        if (close < 0) throw new XmlReadError('comentario sin cerrar');
        at = close + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const close = xml.indexOf(']]>', lt + 9);
        if (close < 0 || stack.length === 0) throw new XmlReadError('CDATA fuera del elemento raíz o sin cerrar');
        text(xml.slice(lt + 9, close));
        at = close + 3;
      } else {
        throw new XmlReadError(xml.startsWith('<!DOCTYPE', lt) ? 'DOCTYPE no admitido' : 'marcado no reconocido');
      }
      continue;
    }
    if (next === 0x3f /* ? */) {
      PI.lastIndex = lt;
      const m = PI.exec(xml);
      if (!m) throw new XmlReadError('instrucción de procesamiento mal formada');
      at = PI.lastIndex;
      const target = m[1]!;
      if (target.toLowerCase() === 'xml') {
        if (lt !== 0) throw new XmlReadError('declaración XML fuera de lugar');
        continue;
      }
      const instruction = { target, data: m[2] ?? '' };
      const top = stack[stack.length - 1];
      if (top && top.content === NO_CONTENT) top.content = [instruction];
      else if (top) top.content.push(instruction);
      else (root ? after : before).push(instruction);
      continue;
    }
    if (next === 0x2f /* / */) {
      END_TAG.lastIndex = lt;
      const m = END_TAG.exec(xml);
      const open = stack.pop();
      if (!m || !open || open.name !== m[1]) throw new XmlReadError(`etiqueta de cierre inesperada: ${m?.[1] ?? '?'}`);
      at = END_TAG.lastIndex;
      continue;
    }
    START_TAG.lastIndex = lt;
    const m = START_TAG.exec(xml);
    if (!m) throw new XmlReadError('marcado no reconocido');
    at = START_TAG.lastIndex;
    const [, name, attrText, selfClose] = m;
    let attrs = NO_ATTRS;
    if (attrText) {
      attrs = {};
      ATTR.lastIndex = 0;
      for (let a = ATTR.exec(attrText); a; a = ATTR.exec(attrText)) {
        const attr = a[1]!;
        if (Object.hasOwn(attrs, attr) || attr === '__proto__') throw new XmlReadError(`atributo repetido: ${attr}`);
        const raw = a[2] ?? a[3] ?? '';
        // attribute-value normalization: a literal TAB or LF is read as a space (CR is already LF)
        attrs[attr] = decode(raw.includes('\t') || raw.includes('\n') ? raw.replace(/[\t\n]/g, ' ') : raw);
      }
    }
    const element: XmlElement = { name: name!, attrs, text: '', children: NO_CHILDREN, content: NO_CONTENT };
    const parent = stack[stack.length - 1];
    if (parent) {
      if (parent.children === NO_CHILDREN) parent.children = [element];
      else parent.children.push(element);
      if (parent.content === NO_CONTENT) parent.content = [element];
      else parent.content.push(element);
    } else if (root) throw new XmlReadError('más de un elemento raíz');
    else root = element;
    if (!selfClose) stack.push(element);
  }
  if (!root || stack.length > 0) throw new XmlReadError('documento incompleto');
  if (before.length > 0 || after.length > 0) root.outside = { before, after };
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
