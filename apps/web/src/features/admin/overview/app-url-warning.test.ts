import { describe, expect, it } from 'vitest';
import { appUrlLeadsElsewhere } from './app-url-warning';

describe('appUrlLeadsElsewhere', () => {
  it('warns while the URL is a loopback address and the site is reached at another', () => {
    expect(appUrlLeadsElsewhere('http://127.0.0.1:8090', 'https://shoot.example.com')).toBe(true);
    expect(appUrlLeadsElsewhere('http://127.0.0.1:8090', 'http://127.0.0.1:9000')).toBe(true);
    expect(appUrlLeadsElsewhere('http://localhost:8090', 'http://192.168.1.20:8090')).toBe(true);
  });
  it('stays quiet when the site is reached at that address, or an operator chose a public one', () => {
    expect(appUrlLeadsElsewhere('http://127.0.0.1:8090', 'http://127.0.0.1:8090')).toBe(false);
    expect(appUrlLeadsElsewhere('http://127.0.0.1:8090/', 'http://127.0.0.1:8090')).toBe(false);
    expect(appUrlLeadsElsewhere('https://shoot.example.com', 'http://10.0.0.5:8090')).toBe(false);
    expect(appUrlLeadsElsewhere('not a url', 'http://10.0.0.5:8090')).toBe(false);
  });
});
