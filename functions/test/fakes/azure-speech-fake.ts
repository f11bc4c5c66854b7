/**
 * A local stand-in for Azure text to speech's REST API as Microsoft documents it
 * (learn.microsoft.com, "Text to speech REST API"): `POST /cognitiveservices/v1` with the key in
 * `Ocp-Apim-Subscription-Key`, `Content-Type: application/ssml+xml`, the audio format in
 * `X-Microsoft-OutputFormat`, and an SSML body; answers the audio bytes (here a short Ogg
 * stream) or 401 for a wrong key.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export class AzureSpeechFake {
  readonly calls: { key: string; format: string; ssml: string }[] = [];
  acceptedKey: string | undefined;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const key = String(req.headers['ocp-apim-subscription-key'] ?? '');
    if (req.method !== 'POST' || req.url !== '/cognitiveservices/v1') {
      res.writeHead(404).end();
      return;
    }
    if (this.acceptedKey !== undefined && key !== this.acceptedKey) {
      res.writeHead(401).end();
      return;
    }
    this.calls.push({
      key,
      format: String(req.headers['x-microsoft-outputformat'] ?? ''),
      ssml: Buffer.concat(chunks).toString('utf8'),
    });
    // An Ogg page header and some bytes: enough for storage and the sandbox to carry as audio.
    const audio = Buffer.concat([Buffer.from('OggS\0\x02', 'binary'), Buffer.alloc(200, 1)]);
    res.writeHead(200, { 'content-type': 'audio/ogg' });
    res.end(audio);
  }
}
