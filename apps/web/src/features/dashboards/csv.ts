import { neutralizeFormula } from '@vendaval/core/spreadsheet-cells';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { saveFile } from '../../lib/save-file.ts';

export type CsvCell = string | number | null;

/**
 * A chart's rows as CSV for a spreadsheet in pt-BR: ';' between cells, a BOM so accents survive, and cells that
 * would run as a formula (= + - @, tab, CR, also after spaces) neutralised.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return stringify([header, ...rows], { delimiter: ';', bom: true, cast: { string: neutralizeFormula } });
}

/** Saves the CSV as a file the browser downloads. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
