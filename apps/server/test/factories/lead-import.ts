import { crc32, deflateRawSync } from 'node:zlib';
import type { LeadImport } from '@vendaval/core/schemas/lead-import';
import type { LightMyRequestResponse } from 'fastify';
import { type FilePart, multipart } from '../multipart.ts';
import type { TestApp } from '../test-app.ts';

// Test helpers of the lead import: a tiny .xlsx writer, the upload call, and waiting for an import to end.

export function upload(
  t: TestApp,
  token: string,
  workspaceId: number,
  file: FilePart | FilePart[] | null,
  fields: Record<string, string | number> = {},
): Promise<LightMyRequestResponse> {
  const files = file === null ? [] : [file].flat();
  return t.call({
    method: 'POST',
    url: `/api/v1/workspaces/${workspaceId}/opportunities/upload`,
    token,
    ...multipart(fields, files),
  });
}

export function importStatus(t: TestApp, token: string, workspaceId: number, id: number) {
  return t.call({
    method: 'GET',
    url: `/api/v1/workspaces/${workspaceId}/opportunities/upload/${id}`,
    token,
  });
}

/** Polls the import until its job has finished (done or failed). */
export async function finished(
  t: TestApp,
  token: string,
  workspaceId: number,
  id: number,
  timeoutMs = 60_000,
): Promise<LeadImport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await importStatus(t, token, workspaceId, id);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${res.body}`);
    const body = res.json() as LeadImport;
    if (body.status === 'done' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const csv = (lines: string[], separator = ';') =>
  lines.map((l) => l.replaceAll('|', separator)).join('\r\n');

// ---- a minimal .xlsx: one sheet, inline strings and numbers ---------------------------------------

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function sheetXml(rows: (string | number | null)[][]): string {
  const body = rows
    .map((cells, r) => {
      const xml = cells
        .map((cell, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export function xlsxOf(rows: (string | number | null)[][]): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELS}"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheetXml(rows),
  });
}

/** A zip archive of deflated entries. */
export function zip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name);
    const sizes = [crc32(data), packed.length, data.length];
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    for (const [i, value] of sizes.entries()) local.writeUInt32LE(value, 14 + i * 4);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    for (const [i, value] of sizes.entries()) central.writeUInt32LE(value, 16 + i * 4);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
