/**
 * The lines of a test run's output that name what failed. CI shows only the tail of a long run, and
 * the server's failures scroll away under the web app's output; `npm test` repeats these at the end
 * (tests, and the lint, format and type checks).
 * Node built-ins only.
 */

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

const FAILURE_LINE = [
  /^\s*FAIL\s/, // vitest: a failed file or test in its summary
  /^\s*[×✗]\s/, // vitest: a failed test under its file
  /^\s*✘\s/, // playwright list reporter
  /^\s*\d+ failed\b/, // playwright summary
  /^\s*Test Files\s.*failed/, // vitest summary
  /^\s*Tests\s.*failed/,
  /^\s*(AssertionError|Error|TypeError):/, // the first line of an assertion's message
  /Unhandled (Rejection|Error)/,
  /: error TS\d+:/, // tsc
  /^\/.*\.[cm]?[jt]sx?$/, // eslint: the file its errors are listed under
  /^\s+\d+:\d+\s+error\s/, // eslint: one error
  /^\[warn\] (?!Code style issues)/, // prettier --check: a file not formatted
];

/** Failure lines from `output`, without colour codes, at most `limit` of them (deduplicated). */
export function failureDigest(output, limit = 80) {
  const seen = new Set();
  const lines = [];
  for (const raw of output.split('\n')) {
    const line = raw.replace(ANSI, '').trimEnd();
    if (!FAILURE_LINE.some((re) => re.test(line)) || seen.has(line)) continue;
    seen.add(line);
    lines.push(line.length > 240 ? `${line.slice(0, 240)}…` : line);
    if (lines.length === limit) break;
  }
  return lines;
}
