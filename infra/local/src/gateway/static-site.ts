/**
 * Serves the built SPA (web/dist) at `/`. Files are read once and kept in memory with their
 * ETag and, for text, a brotli and a gzip variant made on first request; a watch on the build
 * directory empties that cache whenever the SPA is rebuilt.
 */
import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { cacheControlFor, contentTypeFor, isCompressible, staticTargetFor } from './static-path.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const minCompressBytes = 1024;

interface StaticFile {
  body: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
  brotli?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

export interface StaticSite {
  handle(request: IncomingMessage, response: ServerResponse): void;
  close(): void;
}

const notBuiltPage = Buffer.from(
  '<!doctype html><title>atende</title><p>The web app is not built yet: run <code>npm run build -w web</code> and reload.</p>\n',
);

export interface StaticSiteOptions {
  /**
   * Added to every answer (the Content-Security-Policy and the other security headers CloudFront's
   * response headers policy adds in AWS); read per request, since the media origin in the CSP is
   * known only once s3rver has started.
   */
  securityHeaders?: () => Record<string, string>;
}

export function createStaticSite(distDir: string, options: StaticSiteOptions = {}): StaticSite {
  const securityHeaders = options.securityHeaders ?? (() => ({}));
  const cache = new Map<string, Promise<StaticFile | undefined>>();
  let distWatcher: FSWatcher | undefined;
  let parentWatcher: FSWatcher | undefined;

  // Caching is only safe while a watch on the build directory can tell us it changed.
  const invalidate = () => {
    cache.clear();
    watchDist();
  };
  function watchDist(): void {
    if (distWatcher) return;
    try {
      distWatcher = watch(distDir, { persistent: false }, invalidate);
      distWatcher.on('error', () => {
        distWatcher?.close();
        distWatcher = undefined;
        cache.clear();
      });
    } catch {
      distWatcher = undefined;
    }
  }
  try {
    parentWatcher = watch(dirname(distDir), { persistent: false }, (_event, name) => {
      if (name === null || name === basename(distDir)) {
        distWatcher?.close();
        distWatcher = undefined;
        invalidate();
      }
    });
    parentWatcher.on('error', () => parentWatcher?.close());
  } catch {
    parentWatcher = undefined;
  }
  watchDist();

  function load(file: string): Promise<StaticFile | undefined> {
    const cached = cache.get(file);
    if (cached) return cached;
    const loading = readFile(join(distDir, file)).then(
      (body): StaticFile => {
        const contentType = contentTypeFor(file);
        return {
          body,
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
          contentType,
          cacheControl: cacheControlFor(file),
        };
      },
      () => undefined,
    );
    if (distWatcher) cache.set(file, loading);
    return loading;
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? '/';
    const queryStart = url.indexOf('?');
    const target = staticTargetFor(queryStart === -1 ? url : url.slice(0, queryStart));
    const file = target && (await load(target.file));
    if (!target || !file) {
      const indexMissing = !(await load('index.html'));
      if (indexMissing) {
        response.writeHead(503, {
          ...securityHeaders(),
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': notBuiltPage.length,
        });
        response.end(request.method === 'HEAD' ? undefined : notBuiltPage);
        return;
      }
      response.writeHead(404, {
        ...securityHeaders(),
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': 10,
      });
      response.end(request.method === 'HEAD' ? undefined : 'Not Found\n');
      return;
    }
    const headers: Record<string, string | number> = {
      ...securityHeaders(),
      'Content-Type': file.contentType,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
    };
    if (request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, headers).end();
      return;
    }
    let body = file.body;
    if (isCompressible(file.contentType) && file.body.length >= minCompressBytes) {
      headers.Vary = 'Accept-Encoding';
      const accepted = request.headers['accept-encoding'] ?? '';
      if (/\bbr\b/.test(accepted)) {
        file.brotli ??= brotli(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
        body = await file.brotli;
        headers['Content-Encoding'] = 'br';
      } else if (/\bgzip\b/.test(accepted)) {
        file.gzip ??= gzipAsync(file.body, { level: 6 });
        body = await file.gzip;
        headers['Content-Encoding'] = 'gzip';
      }
    }
    headers['Content-Length'] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  return {
    handle(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        request.resume();
        response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': 0 }).end();
        return;
      }
      serve(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500, { 'Content-Length': 0 });
        response.end();
      });
    },
    close() {
      distWatcher?.close();
      parentWatcher?.close();
      cache.clear();
    },
  };
}
