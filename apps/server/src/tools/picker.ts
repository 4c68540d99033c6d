/**
 * The `?fields=` picker (PocketBase's HTTP conventions): a comma list of dotted paths, `*` for all
 * keys of a level, and the `:excerpt(max[,ellipsis])` modifier. On list envelopes it applies to
 * each item.
 */
type Node = { children: Map<string, Node>; excerpt?: { max: number; ellipsis: boolean } };

function parse(fields: string): Node {
  const root: Node = { children: new Map() };
  for (const raw of splitTop(fields)) {
    const item = raw.trim();
    if (!item) continue;
    let path = item;
    let excerpt: Node['excerpt'];
    const m = /^(.*?):excerpt\(\s*(\d+)\s*(?:,\s*(true|false|1|0|t|f)\s*)?\)$/i.exec(item);
    if (m) {
      path = m[1]!;
      excerpt = { max: Number(m[2]), ellipsis: /^(true|1|t)$/i.test(m[3] ?? 'false') };
    }
    let node = root;
    for (const part of path.split('.')) {
      let next = node.children.get(part);
      if (!next) node.children.set(part, (next = { children: new Map() }));
      node = next;
    }
    if (excerpt) node.excerpt = excerpt;
  }
  return root;
}

function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function excerptOf(value: unknown, max: number, ellipsis: boolean): unknown {
  if (typeof value !== 'string') return value;
  const plain = value
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  return plain.slice(0, max).trimEnd() + (ellipsis ? '...' : '');
}

function apply(value: unknown, node: Node): unknown {
  if (Array.isArray(value)) return value.map((v) => apply(v, node));
  if (value === null || typeof value !== 'object') return value;
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const star = node.children.get('*');
  if (star) for (const key of Object.keys(src)) out[key] = pickValue(src[key], star);
  for (const [key, child] of node.children) {
    if (key === '*' || !(key in src)) continue;
    out[key] = pickValue(src[key], child);
  }
  return out;
}

function pickValue(value: unknown, node: Node): unknown {
  if (node.excerpt) return excerptOf(value, node.excerpt.max, node.excerpt.ellipsis);
  return node.children.size ? apply(value, node) : value;
}

/** Applies `fields` to a JSON body; list envelopes are picked per item. */
export function pickFields(body: unknown, fields: string | undefined): unknown {
  if (!fields || !fields.trim()) return body;
  const tree = parse(fields);
  if (
    body &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    Array.isArray((body as { items?: unknown }).items) &&
    'perPage' in body
  ) {
    const env = body as Record<string, unknown>;
    return { ...env, items: (env.items as unknown[]).map((item) => apply(item, tree)) };
  }
  return apply(body, tree);
}
