import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestClient } from './http-client';

export interface PacedForm {
  fields?: Record<string, string>;
  file: { field: string; name: string; type: string; bytes: Buffer };
}

/**
 * A multipart upload written in two pieces, with a pause after the file's first `pauseAfter` bytes, as a
 * slow or deliberate client sends it: the server reads a chunk that ends exactly there and the rest in
 * chunks of their own (where a size limit checked only on each chunk read can miss the overflow).
 */
export async function pacedUpload(browser: TestClient, path: string, form: PacedForm, pauseAfter: number): Promise<{ status: number; body: any }> {
  const boundary = `----civitas${Date.now().toString(36)}`;
  const fields = Object.entries(form.fields ?? {})
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="${form.file.field}"; filename="${form.file.name}"\r\nContent-Type: ${form.file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { bytes } = form.file;
  return new Promise((resolve, reject) => {
    const sending = request(
      `${browser.baseUrl}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes.length + tail.length,
          cookie: browser.cookieHeader,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
      },
    );
    sending.on('error', reject);
    sending.write(Buffer.concat([head, bytes.subarray(0, pauseAfter)]));
    void sleep(300).then(() => sending.end(Buffer.concat([bytes.subarray(pauseAfter), tail])));
  });
}
