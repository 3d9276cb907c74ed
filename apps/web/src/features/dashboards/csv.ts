import { stringify } from 'csv-stringify/browser/esm/sync';

export type CsvCell = string | number | null;

/**
 * A chart's rows as CSV for a spreadsheet in pt-BR: ';' between cells, a BOM so accents survive, and cells that
 * would run as a formula (= + - @, tab, CR) neutralised.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return stringify([header, ...rows], { delimiter: ';', bom: true, escape_formulas: true });
}

/** Saves the CSV as a file the browser downloads. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
