/** Carries out a setup plan (setup-plan.mjs): Debian packages, then npm dependencies. */
import { npmEnv, phase, run } from './run.mjs';

export async function install(repo, plan) {
  if (plan.apt.length) {
    await phase('apt', async () => {
      console.log(`installing: ${plan.apt.join(' ')}`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      await run('apt-get', ['update', '-qq', '-o', 'Acquire::Retries=3'], { env });
      // No recommends: Chromium's recommends pull in ~130 packages (systemd among them).
      await run(
        'apt-get',
        ['install', '-y', '-qq', '-o', 'Acquire::Retries=3', '--no-install-recommends', ...plan.apt],
        { env },
      );
    });
  }
  if (plan.npm) {
    await phase(`npm ${plan.npm}`, () =>
      run('npm', [plan.npm, '--no-audit', '--no-fund'], { cwd: repo, env: npmEnv() }),
    );
  }
}
