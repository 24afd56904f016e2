// The tax authority's XML reader reads as an XML processor must (XML 1.0, 2.11 and 3.3.3), because
// the signature rule canonicalizes its tree and must get the bytes any other verifier gets
// (test/integration/sandbox/signature-check.test.ts compares with xmlsec1 on real documents).
import { describe, expect, it } from 'vitest';
import { readXml, XmlReadError } from '#sandbox/authority/xml-tree';

describe('readXml', () => {
  it('turns CRLF and CR into LF; a character reference to CR stays CR', () => {
    const root = readXml('<a>uno\r\ndos\rtres&#xD;</a>');
    expect(root.text).toBe('uno\ndos\ntres\r');
  });

  it('reads a literal TAB or line break in an attribute value as a space, a reference as the character', () => {
    const root = readXml('<a b="x\ty\r\nz" c="x&#x9;y&#xA;z"/>');
    expect(root.attrs).toEqual({ b: 'x y z', c: 'x\ty\nz' });
  });

  it('keeps the content in order (text, elements, processing instructions) without comments, and the instructions around the root', () => {
    const root = readXml('<?xml version="1.0"?><?antes uno?><a>x<!-- fuera --><b/>y<![CDATA[<z>]]><?pi dato?></a><?despues?>');
    expect(root.content).toEqual(['x', root.children[0], 'y<z>', { target: 'pi', data: 'dato' }]);
    expect(root.text).toBe('xy<z>');
    expect(root.outside).toEqual({ before: [{ target: 'antes', data: 'uno' }], after: [{ target: 'despues', data: '' }] });
  });

  it.each([
    ['an undefined entity', '<a>&nbsp;</a>'],
    ['a bare ampersand', '<a>a & b</a>'],
    ['a repeated attribute', '<a b="1" b="2"/>'],
    ['a control character', '<a>\u0001</a>'],
    ['a reference to a control character', '<a>&#1;</a>'],
    ['a DOCTYPE', '<!DOCTYPE a><a/>'],
    ['an XML declaration that is not first', ' <?xml version="1.0"?><a/>'],
    ['"]]>" in text', '<a>]]></a>'],
    ['a mismatched end tag', '<a><b></a></b>'],
    ['two roots', '<a/><b/>'],
  ])('refuses %s', (_what, xml) => {
    expect(() => readXml(xml)).toThrow(XmlReadError);
  });
});
