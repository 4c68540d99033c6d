import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  mergeCspSources,
  webSecurityHeaders,
} from '../../src/apis/web-security-headers.js';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('web security headers', () => {
  it('allows scripts from our origin only, and never inline', () => {
    const csp = contentSecurityPolicy();
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
  });

  it('adds exactly the integration hosts to scripts, connections, images and frames', () => {
    const csp = contentSecurityPolicy(['https://js.example.com', '*.cdn.example.org']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://js.example.com *.cdn.example.org");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://js.example.com *.cdn.example.org");
    expect(directive(csp, 'frame-src')).toBe('frame-src https://js.example.com *.cdn.example.org');
    expect(directive(csp, 'img-src')).toContain('https://js.example.com');
    expect(directive(csp, 'style-src')).not.toContain('example');
  });

  it('adds per-kind sources where an integration needs them, each host once when merged', () => {
    const sources = mergeCspSources([
      { script: ['https://a.example'], style: ['https://a.example'], font: ['https://a.example'] },
      { script: ['https://a.example', 'https://b.example'], connect: ['https://b.example'] },
    ]);
    const csp = contentSecurityPolicy(sources);
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://a.example https://b.example");
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline' https://a.example");
    expect(directive(csp, 'font-src')).toBe("font-src 'self' https://a.example");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://b.example");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
    expect(() => contentSecurityPolicy({ style: ["'unsafe-eval'"] })).toThrow(/not a host/);
  });

  it('refuses a host that would change the policy', () => {
    for (const bad of ["'unsafe-inline'", 'example.com; script-src *', '*', 'http://x y', 'data:', '']) {
      expect(() => contentSecurityPolicy([bad]), bad).toThrow(/not a host/);
    }
  });

  it('sends HSTS only when the app URL is https', () => {
    expect(webSecurityHeaders({ appURL: 'https://shoot.example.com' })['Strict-Transport-Security']).toMatch(
      /^max-age=31536000/,
    );
    expect(webSecurityHeaders({ appURL: 'http://127.0.0.1:8090' })).not.toHaveProperty(
      'Strict-Transport-Security',
    );
    const h = webSecurityHeaders({ appURL: 'http://127.0.0.1:8090' });
    expect(h['Referrer-Policy']).toBe('no-referrer');
    expect(h['Permissions-Policy']).toContain('camera=()');
  });
});
