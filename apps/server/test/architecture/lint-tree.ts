/**
 * ESLint as the architecture tests read the server's source: the TypeScript parser and only the
 * rules a test gives, so a whole-tree pass stays quick (no type information).
 */
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SRC = 'apps/server/src';

export function treeLinter(configs: Linter.Config[]): ESLint {
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      // The tree's disable comments name the plugin's rules, which this reduced config does not run.
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { '@typescript-eslint': tseslint.plugin },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
      },
      ...configs,
    ],
  });
}
