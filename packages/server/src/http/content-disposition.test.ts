import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

describe('content disposition', () => {
  it('keeps non-ASCII names exact in filename*, with an ASCII fallback', () => {
    expect(contentDisposition('a"b\\c%.txt')).toBe(
      `attachment; filename="a_b_c_.txt"; filename*=UTF-8''a%22b%5Cc%25.txt`,
    );
    expect(contentDisposition('jörg.pdf')).toBe(
      `attachment; filename="j_rg.pdf"; filename*=UTF-8''j%C3%B6rg.pdf`,
    );
  });

  it('drops bidi and other control characters, so a name shows as what it is', () => {
    const spoofs = [
      'invoice\u202Efdp.exe',
      'invoice\u202Dfdp.exe',
      '\u2067invoice\u2069fdp.exe',
      'invoice\u200Ffdp.exe',
      'invoice\u061Cfdp.exe',
      'invoice\u0000fdp.exe',
      'invoice\u0085fdp.exe',
      'invoice\r\nfdp.exe',
      'invoice\u2028fdp.exe',
    ];
    for (const name of spoofs) {
      expect(contentDisposition(name)).toBe(
        `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
      );
    }
    expect(contentDisposition('\u202E\u0007')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });
});
