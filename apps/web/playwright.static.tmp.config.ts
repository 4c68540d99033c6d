import base from './playwright.config';
export default {
  ...base,
  webServer: {
    ...base.webServer,
    command: (base.webServer as any).command.replace('../server/dist/cli.js', '/tmp/srv/dist/cli.js'),
    env: { ...(base.webServer as any).env, PHOTOSHOOT_WEB_DIST: process.cwd() + '/dist' },
  },
};
