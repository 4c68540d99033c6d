import { describe, expect, it } from 'vitest';
import { appLink, humanDuration, renderMail } from '../../src/core/mail/index.js';
import {
  emailChangeMail,
  otpMail,
  passwordResetMail,
  verificationMail,
} from '../../src/core/mail/templates.js';

const meta = { appName: 'Photoshoot', appURL: 'https://photos.example.test/app/' };

describe('mail layout and templates', () => {
  it('escapes every interpolated value in HTML but keeps the plain text as written', () => {
    const hostile = '<script>alert("x")</script> & \'q\'';
    const mail = renderMail(
      { appName: hostile, appURL: 'https://a.example.test' },
      {
        subject: `Hi\r\nBcc: evil@example.com ${hostile}`,
        heading: hostile,
        paragraphs: [hostile],
        code: hostile,
        action: { label: hostile, url: 'https://a.example.test/x?a=1&b="2"' },
        details: [{ label: hostile, value: hostile }],
        footnote: hostile,
      },
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('"x"');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;');
    expect(mail.html).toContain('href="https://a.example.test/x?a=1&amp;b=&quot;2&quot;"');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain(hostile);
    expect(mail.text).toContain('https://a.example.test/x?a=1&b="2"');
  });

  it('never turns a non-web URL into a link', () => {
    const mail = renderMail(meta, {
      subject: 's',
      heading: 'h',
      paragraphs: [],
      action: { label: 'Go', url: 'javascript:alert(1)' },
    });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('>Go<');
  });

  it('builds app links under the app URL, whatever its trailing slash', () => {
    expect(appLink('https://x.test/app/', '/reset-password', { token: 'a.b-c_d' })).toBe(
      'https://x.test/app/reset-password?token=a.b-c_d',
    );
    expect(appLink('https://x.test', 'confirm-verification', { token: 'a b' })).toBe(
      'https://x.test/confirm-verification?token=a+b',
    );
  });

  it('words durations', () => {
    expect(humanDuration(1800)).toBe('30 minutes');
    expect(humanDuration(86400)).toBe('1 day');
    expect(humanDuration(180)).toBe('3 minutes');
    expect(humanDuration(3600)).toBe('1 hour');
    expect(humanDuration(45)).toBe('45 seconds');
  });

  it('links each account mail to its web route, with the token and lifetime', () => {
    expect(verificationMail(meta, 'TOK', 86400).text).toContain(
      'https://photos.example.test/app/confirm-verification?token=TOK',
    );
    const reset = passwordResetMail(meta, 'TOK', 1800);
    expect(reset.text).toContain('https://photos.example.test/app/reset-password?token=TOK');
    expect(reset.text).toContain('30 minutes');
    const change = emailChangeMail(meta, 'TOK', 'new@example.com', 1800);
    expect(change.text).toContain('https://photos.example.test/app/confirm-email-change?token=TOK');
    expect(change.html).toContain('new@example.com');
    const otp = otpMail(meta, '12345678', 180);
    expect(otp.text).toContain('\n12345678\n');
    expect(otp.text).toContain('3 minutes');
    expect(otp.html).not.toContain('token=');
  });
});
