import { randomBytes } from 'node:crypto';

export interface FilePart {
  content: Buffer | string;
  filename?: string;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body with text fields and files, as a browser's FormData sends it. */
export function multipart(fields: Record<string, string | number>, files: FilePart[] = []) {
  const boundary = `----vendaval${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
      `filename="${file.filename ?? 'leads.csv'}"\r\nContent-Type: ${file.contentType ?? 'text/csv'}\r\n\r\n`;
    parts.push(Buffer.from(head), Buffer.from(file.content), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
