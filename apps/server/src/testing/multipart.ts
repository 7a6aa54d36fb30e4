/** A multipart/form-data body as a browser sends it (text fields and files), for the upload routes' tests. */
export type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----eid-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = 'bytes' in p ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}` : `Content-Disposition: form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), 'bytes' in p ? p.bytes : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

