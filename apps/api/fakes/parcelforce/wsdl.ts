import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { xmlEscape } from '../../src/domains/channels/connectors/carrier-common.ts';

/**
 * The ExpressLink WSDL read as the fake checks messages against it: its operations (input and output elements,
 * SOAP actions) and its schema's complex types (sequences of elements, minOccurs 1 unless said, maxOccurs),
 * simple types (a built-in base and enumerations) and the built-in types it uses. Every element of a message is
 * in the schema's namespace (elementFormDefault="qualified"). The schema has no choices, attributes or imports,
 * so a sequence checker covers it.
 */

export const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

/** An element as read, with its namespace resolved. */
export interface XmlNode {
  name: string;
  ns: string | null;
  children: XmlNode[];
  text: string;
}

interface Particle {
  name: string;
  type: string;
  min: number;
  max: number;
}

export interface WsdlOperation {
  name: string;
  /** The request's element and its type. */
  input: string;
  inputType: string;
  output: string;
  outputType: string;
  soapAction: string;
}

type Raw = Record<string, unknown>;
const list = (v: unknown): Raw[] => (Array.isArray(v) ? (v as Raw[]) : v ? [v as Raw] : []);
const local = (qname: string) => qname.slice(qname.indexOf(':') + 1);

const BUILT_IN: Record<string, (v: string) => boolean> = {
  string: () => true,
  integer: (v) => /^[+-]?\d+$/.test(v),
  positiveInteger: (v) => /^\+?\d+$/.test(v) && /[1-9]/.test(v),
  decimal: (v) => /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v),
  boolean: (v) => /^(true|false|1|0)$/.test(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v.slice(0, 10))),
  dateTime: (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v)),
  base64Binary: (v) => /^[A-Za-z0-9+/\s]*={0,2}$/.test(v),
};

export class Wsdl {
  readonly namespace: string;
  private readonly complexTypes = new Map<string, Particle[]>();
  private readonly simpleTypes = new Map<string, { base: string; values: string[] }>();
  private readonly operationsByInput = new Map<string, WsdlOperation>();

  constructor(path: string) {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true });
    const defs = (parser.parse(readFileSync(path, 'utf8')) as Raw).definitions as Raw;
    const schema = (defs.types as Raw).schema as Raw;
    this.namespace = String(schema.targetNamespace);
    const raw = new Map(list(schema.complexType).map((t) => [String(t.name), t]));
    for (const name of raw.keys()) this.complexTypes.set(name, this.particles(raw, name));
    for (const t of list(schema.simpleType)) {
      const r = t.restriction as Raw;
      this.simpleTypes.set(String(t.name), {
        base: local(String(r.base)),
        values: list(r.enumeration).map((e) => String(e.value)),
      });
    }
    const elements = new Map(list(schema.element).map((e) => [String(e.name), local(String(e.type))]));
    const messages = new Map(list(defs.message).map((m) => [String(m.name), local(String(list(m.part)[0]?.element))]));
    const actions = new Map(
      list((defs.binding as Raw).operation).map((o) => [String(o.name), String((o.operation as Raw).soapAction)]),
    );
    for (const o of list((defs.portType as Raw).operation)) {
      const input = messages.get(local(String((o.input as Raw).message))) ?? '';
      const output = messages.get(local(String((o.output as Raw).message))) ?? '';
      const inputType = elements.get(input);
      const outputType = elements.get(output);
      if (!inputType || !outputType) continue;
      const name = String(o.name);
      this.operationsByInput.set(input, {
        name,
        input,
        inputType,
        output,
        outputType,
        soapAction: actions.get(name) ?? name,
      });
    }
  }

  /** The elements of a complex type, its base's first. */
  private particles(raw: Map<string, Raw>, name: string): Particle[] {
    const t = raw.get(name);
    if (!t) return [];
    const ext = (t.complexContent as Raw | undefined)?.extension as Raw | undefined;
    const base = ext ? this.particles(raw, local(String(ext.base))) : [];
    const seq = (ext ? ext.sequence : t.sequence) as Raw | undefined;
    const own = list(seq?.element).map((e) => ({
      name: String(e.name),
      type: String(e.type),
      min: e.minOccurs === undefined ? 1 : Number(e.minOccurs),
      max: e.maxOccurs === undefined ? 1 : e.maxOccurs === 'unbounded' ? Number.POSITIVE_INFINITY : Number(e.maxOccurs),
    }));
    return [...base, ...own];
  }

  /** The operation a request element is the input of. */
  operationOf(element: string): WsdlOperation | null {
    return this.operationsByInput.get(element) ?? null;
  }

  /** What breaks the schema in an element of the given type, in words, each with its path. */
  check(node: XmlNode, typeName: string, path = node.name): string[] {
    const out: string[] = [];
    this.checkValue(node, typeName, path, out);
    return out;
  }

  private checkValue(node: XmlNode, type: string, path: string, out: string[]): void {
    const name = local(type);
    if (type.startsWith('xs:')) {
      this.checkSimple(node, name, path, out);
      return;
    }
    const simple = this.simpleTypes.get(name);
    if (simple) {
      this.checkSimple(node, simple.base, path, out);
      if (simple.values.length && !simple.values.includes(node.text))
        out.push(`${path}: "${node.text}" is not one of ${simple.values.join(', ')}`);
      return;
    }
    const particles = this.complexTypes.get(name);
    if (!particles) {
      out.push(`${path}: the schema has no type ${type}`);
      return;
    }
    if (node.text.trim()) out.push(`${path}: has text where ${name} has elements`);
    const counts = particles.map(() => 0);
    let at = 0;
    for (const child of node.children) {
      const childPath = `${path}/${child.name}`;
      if (child.ns !== this.namespace) out.push(`${childPath}: not in the namespace ${this.namespace}`);
      let j = at;
      while (j < particles.length && particles[j]?.name !== child.name) j++;
      const p = particles[j];
      if (!p) {
        out.push(
          particles.some((q) => q.name === child.name)
            ? `${childPath}: out of order (${name} is a sequence)`
            : `${childPath}: ${name} has no element ${child.name}`,
        );
        continue;
      }
      this.missing(particles, counts, at, j, path, out);
      at = j;
      counts[j] = (counts[j] ?? 0) + 1;
      if ((counts[j] ?? 0) > p.max) out.push(`${childPath}: more than ${p.max} of it`);
      this.checkValue(child, p.type, childPath, out);
    }
    this.missing(particles, counts, at, particles.length, path, out);
  }

  private missing(particles: Particle[], counts: number[], from: number, to: number, path: string, out: string[]) {
    for (let k = from; k < to; k++) {
      const p = particles[k];
      if (p && (counts[k] ?? 0) < p.min) out.push(`${path}: ${p.name} is required`);
    }
  }

  private checkSimple(node: XmlNode, builtIn: string, path: string, out: string[]): void {
    if (node.children.length) out.push(`${path}: has elements where xs:${builtIn} is expected`);
    const test = BUILT_IN[builtIn];
    if (!test) out.push(`${path}: xs:${builtIn} is not a type this checker reads`);
    else if (!test(node.text)) out.push(`${path}: "${node.text}" is not an xs:${builtIn}`);
  }
}

const ordered = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
});

/** The document's root element with namespaces resolved; throws on text that is not XML. */
export function readXml(text: string): XmlNode {
  const roots = toNodes(ordered.parse(text) as Raw[], new Map());
  const root = roots[0];
  if (!root) throw new Error('there is no element');
  return root;
}

function toNodes(entries: Raw[], scope: Map<string, string>): XmlNode[] {
  const out: XmlNode[] = [];
  for (const entry of entries) {
    const tag = Object.keys(entry).find((k) => k !== ':@');
    if (!tag || tag === '#text' || tag.startsWith('?')) continue;
    const attrs = (entry[':@'] ?? {}) as Record<string, string>;
    const inner = new Map(scope);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'xmlns') inner.set('', v);
      else if (k.startsWith('xmlns:')) inner.set(k.slice(6), v);
    }
    const colon = tag.indexOf(':');
    const prefix = colon < 0 ? '' : tag.slice(0, colon);
    const content = entry[tag] as Raw[];
    out.push({
      name: tag.slice(colon + 1),
      ns: inner.get(prefix) ?? null,
      children: toNodes(content, inner),
      text: content
        .map((c) => c['#text'])
        .filter((t) => t !== undefined)
        .join(''),
    });
  }
  return out;
}

/** An element back as XML, its namespace declared as the default one. */
export function writeNode(node: XmlNode, parentNs: string | null = null): string {
  const decl = node.ns && node.ns !== parentNs ? ` xmlns="${node.ns}"` : '';
  const inner = node.children.length ? node.children.map((c) => writeNode(c, node.ns)).join('') : xmlEscape(node.text);
  return `<${node.name}${decl}>${inner}</${node.name}>`;
}
