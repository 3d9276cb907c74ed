import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from './spreadsheet-cells.ts';

describe('neutralizeFormula', () => {
  it('PLAT-271 prefixes text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+55 11', '-2', '@SUM(A1)', '\tcmd', '\rcmd', '=HYPERLINK("http://x")'])
      expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it('PLAT-271 also after leading whitespace', () => {
    expect(neutralizeFormula('  =1+1')).toBe("'  =1+1");
    expect(neutralizeFormula(' \n@x')).toBe("' \n@x");
  });

  it('leaves plain text alone', () => {
    for (const text of ['Maria', 'a=b', '5511999990000', '', ' Ana', 'e-mail@x.com'])
      expect(neutralizeFormula(text)).toBe(text);
  });
});
