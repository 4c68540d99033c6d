// Module hooks for ts-worker.mjs: `./x.js` specifiers resolve to `./x.ts` when only the source
// exists, and `.ts` files are transpiled (types erased) with the project's TypeScript.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export async function resolve(specifier, context, next) {
  if (
    specifier.endsWith('.js') &&
    (specifier.startsWith('.') || specifier.startsWith('file:')) &&
    context.parentURL
  ) {
    const url = new URL(specifier, context.parentURL);
    if (!existsSync(fileURLToPath(url))) {
      const tsUrl = new URL(url.href.replace(/\.js$/, '.ts'));
      if (existsSync(fileURLToPath(tsUrl))) return { url: tsUrl.href, shortCircuit: true, format: 'module' };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const out = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      sourceMap: false,
      inlineSourceMap: true,
    },
  });
  return { format: 'module', source: out.outputText, shortCircuit: true };
}
