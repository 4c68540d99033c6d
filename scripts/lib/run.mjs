/** Running commands with phase timing (the format .ci/run always printed). Node built-ins only. */
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';

const summary = [];
const t0 = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `fn` as a named phase: prints when it starts and how long it took, and remembers it. */
export async function phase(name, fn) {
  const start = Date.now();
  console.log(`\n=== [${name}] started ${new Date().toISOString().slice(11, 19)}`);
  let note = '';
  try {
    return await fn();
  } catch (err) {
    note = '(failed)';
    throw err;
  } finally {
    const took = seconds(Date.now() - start);
    console.log(`=== [${name}] finished in ${took} ${note}`);
    summary.push(`  ${name.padEnd(20)} ${took.padStart(10)}  ${note}`);
  }
}

export function printTiming() {
  console.log('\n=== timing');
  for (const line of summary) console.log(line);
  console.log(`  ${'total'.padEnd(20)} ${seconds(Date.now() - t0).padStart(10)}`);
}

/**
 * Runs a command with inherited output; resolves with its stdout when `capture` is set. With `tee`,
 * output still goes to the terminal as it comes and is also kept: `tee.output` holds it afterwards.
 * With `tee.quiet` it is only kept, for a command running beside another: the caller prints it
 * whole, so two commands' lines do not interleave.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, capture?: boolean, tee?: { output?: string, quiet?: boolean } | null }} [options]
 * @returns {Promise<string>}
 */
export function run(command, args, { env = process.env, cwd, capture = false, tee = null } = {}) {
  return new Promise((resolve, reject) => {
    const piped = capture || tee;
    const child = spawn(command, args, {
      env,
      cwd,
      stdio: ['inherit', piped ? 'pipe' : 'inherit', tee ? 'pipe' : 'inherit'],
    });
    let out = '';
    if (tee) {
      tee.output = '';
      const keep = (stream) => (chunk) => {
        if (!tee.quiet) stream.write(chunk);
        tee.output += chunk;
      };
      child.stdout.on('data', keep(process.stdout));
      child.stderr.on('data', keep(process.stderr));
    } else child.stdout?.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(out.trim());
      else
        reject(
          Object.assign(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`), {
            code: code ?? 1,
          }),
        );
    });
  });
}

/**
 * The environment for npm installs: better-sqlite3 compiles from source, and node-gyp must use
 * this Node's headers instead of downloading them (toolchain-offline.md).
 */
export function npmEnv(env = process.env) {
  return { ...env, npm_config_nodedir: env.npm_config_nodedir || dirname(dirname(process.execPath)) };
}
