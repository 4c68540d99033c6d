/**
 * No two product modules (`src/modules/<area>/`) depend on each other, directly or round a longer
 * loop: the modules form layers, so any one can be read, tested and changed knowing only those
 * below it. File-level cycles are linted (`import-x/no-cycle`); this test looks one level up, where
 * A's file x imports B's file y and B's file z imports A's file w without any file cycle.
 *
 * Every import counts, type-only ones too: a module that needs another's types to compile depends
 * on it as much as one that calls it (the types change with it, and the lint rule above skips them,
 * so nothing else would catch a loop made of them). Dynamic `import()`, re-exports and `declare
 * module` blocks (which add to another file's types) count alike.
 * The imports are read by ESLint's TypeScript parser, as the boundary test reads them.
 */
import { dirname, join, relative, sep } from 'node:path';
import type { ESLint, Rule } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT, SRC, treeLinter } from './lint-tree.js';

const MODULES = `${SRC}/modules`;

/** Reports every module specifier a file names, as the message. */
const specifiers: Rule.RuleModule = {
  meta: { type: 'problem', schema: [], messages: { names: '{{specifier}}' } },
  create(context) {
    const report = (node: Rule.Node, specifier: unknown) => {
      if (typeof specifier === 'string') context.report({ node, messageId: 'names', data: { specifier } });
    };
    const literal = (node: unknown) => (node as { value?: unknown } | null | undefined)?.value;
    return {
      ImportDeclaration: (node) => report(node, node.source.value),
      ExportAllDeclaration: (node) => report(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
      ImportExpression: (node) => report(node, literal(node.source)),
      // `typeof import('…')` in a type: a node of typescript-eslint's, not of ESTree.
      TSImportType: (node: Rule.Node) => report(node, literal((node as { source?: unknown }).source)),
      // `declare module '…'`: adding to another file's types depends on that file.
      TSModuleDeclaration: (node: Rule.Node) => report(node, literal((node as { id?: unknown }).id)),
    };
  },
};

const reader = () =>
  treeLinter([
    {
      files: ['**/*.ts'],
      plugins: { graph: { rules: { specifiers } } },
      rules: { 'graph/specifiers': 'error' },
    },
  ]);

/** from → to → one import that makes the edge (`file:line`). */
type Graph = Map<string, Map<string, string>>;

/** The module a repository path lies in, or null (the modules folder's own files, anything else). */
function moduleOf(path: string): string | null {
  const rest = relative(MODULES, path).split(sep);
  return rest.length > 1 && rest[0] !== '..' ? rest[0]! : null;
}

function graphOf(results: ESLint.LintResult[]): Graph {
  const graph: Graph = new Map();
  for (const result of results) {
    const file = relative(ROOT, result.filePath);
    const from = moduleOf(file);
    if (!from) continue;
    for (const m of result.messages) {
      if (m.ruleId !== 'graph/specifiers') throw new Error(`${file}:${m.line} ${m.message}`);
      if (!m.message.startsWith('.')) continue;
      const to = moduleOf(join(dirname(file), m.message));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${relative(MODULES, file)}:${m.line} imports ${m.message}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Strongly connected components of more than one module (Tarjan), each sorted, in name order. */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A cycle as the modules in it and, for each edge inside it, one import that makes it. */
function describeCycle(graph: Graph, component: string[]): string {
  const edges = component.flatMap((from) =>
    component.flatMap((to) => {
      const via = graph.get(from)?.get(to);
      return via ? [`  ${from} → ${to}: ${via}`] : [];
    }),
  );
  return [component.join(' ↔ '), ...edges].join('\n');
}

describe('module dependencies', () => {
  it('finds a loop of three and names an import for each edge', () => {
    const graph: Graph = new Map([
      ['a', new Map([['b', 'a/x.ts:1 imports ../b/y.js']])],
      ['b', new Map([['c', 'b/y.ts:2 imports ../c/z.js']])],
      ['c', new Map([['a', 'c/z.ts:3 imports ../a/x.js']])],
      ['d', new Map([['a', 'd/w.ts:4 imports ../a/x.js']])],
    ]);
    const found = cycles(graph);
    expect(found).toEqual([['a', 'b', 'c']]);
    expect(describeCycle(graph, found[0]!)).toBe(
      [
        'a ↔ b ↔ c',
        '  a → b: a/x.ts:1 imports ../b/y.js',
        '  b → c: b/y.ts:2 imports ../c/z.js',
        '  c → a: c/z.ts:3 imports ../a/x.js',
      ].join('\n'),
    );
  });

  it('counts type-only imports, re-exports, dynamic imports and augmentations', async () => {
    const code = [
      "import type { A } from '../b/a.js';",
      "export { B } from '../../modules/c/b.js';",
      "export * from '../d/index.js';",
      "const e = () => import('../e/e.js');",
      "type F = typeof import('../f/f.js');",
      "declare module '../g/g.js' { interface G { g: string } }",
      "import { X } from './x.js';",
      "import { H } from '../../core/h.js';",
      "import fastify from 'fastify';",
    ].join('\n');
    const results = await reader().lintText(code, { filePath: `${ROOT}${MODULES}/a/x.ts` });
    expect([...(graphOf(results).get('a')?.keys() ?? [])]).toEqual(['b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('form no cycle', async () => {
    const graph = graphOf(await reader().lintFiles([`${MODULES}/**/*.ts`]));
    // The reader sees the tree: most modules import another, and the adapters import their seam.
    expect(graph.size).toBeGreaterThan(5);
    expect(graph.get('hosted-providers')?.has('processing')).toBe(true);
    expect(cycles(graph).map((component) => describeCycle(graph, component))).toEqual([]);
  }, 120_000);
});
