import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeXmlAttribute, escapeXmlText, firstNonXmlChar, isXmlChar, parseXml, type XmlElement } from "../../../core/tiled/xml";

const root = (text: string): XmlElement => {
  const r = parseXml(text);
  if (!r.ok) throw new Error(r.message);
  return r.root;
};

describe("parseXml", () => {
  it("gives names, attributes, child elements, character data and each element's line and column", () => {
    const r = root('<?xml version="1.0" encoding="UTF-8"?>\r\n<!DOCTYPE map SYSTEM "map.dtd">\r\n<map a="1" b=\'two\'>\r\n <!-- a comment -->\r\n <p>x<![CDATA[<y>]]>z</p><q/>\r\n</map>\r\n');
    expect(r.name).toBe("map");
    expect([...r.attributes]).toEqual([["a", "1"], ["b", "two"]]);
    expect([r.line, r.column]).toEqual([3, 1]);
    expect(r.children.map((c) => [c.name, c.text, c.line, c.column])).toEqual([["p", "x<y>z", 5, 2], ["q", "", 5, 26]]);
  });

  it("skips a byte-order mark", () => {
    expect([root("\uFEFF<map/>").name, root("\uFEFF<map/>").column]).toEqual(["map", 1]);
  });

  it("decodes the predefined entities and character references, and normalizes literal whitespace in attributes", () => {
    const r = root('<a v="&lt;&amp;&gt;&quot;&apos;&#10;&#x41;\tx\ny">1 &amp; &#233;</a>');
    expect(r.attributes.get("v")).toBe("<&>\"'\nA x y");
    expect(r.text).toBe("1 & é");
  });

  it("refuses what is not well-formed, naming the line and column", () => {
    const bad = (text: string) => {
      const r = parseXml(text);
      return r.ok ? "ok" : `${r.line}:${r.column}: ${r.message}`;
    };
    expect(bad("")).toBe("1:1: the file is empty");
    expect(bad("<map>\n <a></b>\n</map>")).toMatch(/^2:\d+: not well-formed XML: .*closing tag/);
    expect(bad("<map>\n <a x=1/>\n</map>")).toMatch(/^2:\d+: not well-formed XML: .*without value/);
    expect(bad("<map>\n <a b='&bogus;'/></map>")).toBe('2:2: not well-formed XML: attribute "b": unknown entity "&bogus;"');
    expect(bad("<map>\n <a b='x<y'/></map>")).toBe('2:2: not well-formed XML: attribute "b": "<" is not allowed in an attribute value (write it as &lt;)');
    expect(bad("<map>\n <a>fish &amp chips</a></map>")).toMatch(/^2:\d+: not well-formed XML: .*'&'/);
    expect(bad("<map>\n <a b='fish &amp chips'/></map>")).toBe('2:2: not well-formed XML: attribute "b": "&" that starts no reference (write it as &amp;)');
    expect(bad("<map>&#1;</map>")).toMatch(/"&#1;" is not a character XML allows/);
    expect(bad("<map/>\n<map/>")).toBe("2:1: not well-formed XML: more than one root element");
    expect(bad("just text")).toMatch(/^1:1: not well-formed XML/);
  });

  it("reads back any string written with escapeXmlAttribute and escapeXmlText", () => {
    const xmlString = fc.string({ unit: fc.oneof(fc.constantFrom("&", "<", ">", '"', "'", "\t", "\n", "\r", "\r\n", " ", "]]>", "é", "😀"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })) }).filter((s) => firstNonXmlChar(s) < 0);
    fc.assert(
      fc.property(xmlString, (s) => {
        const r = root(`<a v="${escapeXmlAttribute(s)}">${escapeXmlText(s)}</a>`);
        expect(r.attributes.get("v")).toBe(s);
        expect(r.text).toBe(s);
      }),
    );
  });

  it("knows which characters XML 1.0 cannot hold", () => {
    expect([0x0, 0x8, 0xb, 0x1f, 0xfffe].map(isXmlChar)).toEqual([false, false, false, false, false]);
    expect([0x9, 0xa, 0xd, 0x20, 0x1f600].map(isXmlChar)).toEqual([true, true, true, true, true]);
    expect(firstNonXmlChar("ab\u0001c")).toBe(2);
    expect(firstNonXmlChar("a😀b")).toBe(-1);
  });
});
