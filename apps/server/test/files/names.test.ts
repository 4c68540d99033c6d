/** Stored names (PocketBase's stored file names) and what counts as a safe name in a URL. */
import { describe, expect, it } from 'vitest';
import { isSafeFileName, snakeCase, storedFileName } from '../../src/core/files/names.js';

describe('stored file names', () => {
  it('snake-cases the base, keeps the extension and adds 10 random characters', () => {
    expect(storedFileName('My Holiday Photo.JPG')).toMatch(/^my_holiday_photo_[a-z0-9]{10}\.JPG$/);
    expect(storedFileName('archive.tar.gz')).toMatch(/^archive_[a-z0-9]{10}\.tar\.gz$/);
    expect(storedFileName('camelCaseName.png')).toMatch(/^camel_case_name_[a-z0-9]{10}\.png$/);
    expect(snakeCase('Ünïcode nàme--x')).toBe('n_code_n_me_x');
  });

  it('never keeps a path, leading dots or odd characters', () => {
    expect(storedFileName('../../etc/passwd', '.txt')).toMatch(/^passwd_[a-z0-9]{10}\.txt$/);
    expect(storedFileName('C:\\fakepath\\scan.pdf')).toMatch(/^scan_[a-z0-9]{10}\.pdf$/);
    expect(storedFileName('.htaccess')).toMatch(/^htaccess_[a-z0-9]{10}$/);
    expect(storedFileName('a..b<script>.p"ng')).toMatch(/^a[a-z0-9]{10}_[a-z0-9]{10}\.bscript\.png$/);
    for (const n of ['../../etc/passwd', 'x/../../y.txt', '..', '.', '', 'a\0b.txt', 'con.txt\r\n']) {
      expect(isSafeFileName(storedFileName(n, '.bin'))).toBe(true);
    }
  });

  it('pads short names, cuts long ones and long extensions', () => {
    expect(storedFileName('ab.txt')).toMatch(/^ab[a-z0-9]{10}_[a-z0-9]{10}\.txt$/);
    const long = storedFileName(`${'x'.repeat(300)}.txt`);
    expect(long).toMatch(/^x{100}_[a-z0-9]{10}\.txt$/);
    expect(storedFileName(`f.${'e'.repeat(40)}`)).toMatch(new RegExp(`^f[a-z0-9]{10}_[a-z0-9]{10}\\.e{20}$`));
  });

  it('takes the extension from the content when the name has none', () => {
    expect(storedFileName('README', '.txt')).toMatch(/^readme_[a-z0-9]{10}\.txt$/);
    expect(storedFileName('noext')).toMatch(/^noext_[a-z0-9]{10}$/);
  });

  it('tells safe URL names from tricks', () => {
    expect(isSafeFileName('photo_abcdefghij.png')).toBe(true);
    for (const bad of ['', '.', '..', '../x', 'a/b', 'a\\b', '.hidden', 'x\0', 'x'.repeat(300)])
      expect(isSafeFileName(bad)).toBe(false);
  });
});
