import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { collectPageErrors, fakeMediaArgs } from './support/browser.ts';
import { connectSandbox, pendingTicketOf } from './support/sandbox.ts';
import { mp4Header, oggOpusVoiceNote, simplePdf, solidPng } from './fixtures/media-files.ts';

/**
 * Media in the conversation against the local runtime: a sandbox customer sends a picture, a
 * voice note (Ogg Opus, as WhatsApp sends them), a video, a PDF, a location and a contact card;
 * the agent sees the picture inline (its first, "expired", URL is re-signed) and opens it large,
 * plays the voice note, downloads the PDF byte for byte through the signed URL alone, reads the
 * location card, and starts a conversation with the shared contact.
 */
/** A one-second VP8 WebM recorded by the browser itself from a canvas: a video it can surely play. */
async function recordedWebm(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 15; frame += 1) {
      context.fillStyle = `hsl(${frame * 24}, 70%, 50%)`;
      context.fillRect(0, 0, 160, 120);
      await new Promise((resolve) => setTimeout(resolve, 70));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
}

describe('inbox media', () => {
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId = 0;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Medios', 'medios', stamp);
  const customer = { from: '5511990000031', name: `Marta ${stamp}` };
  const ids = {
    image: `IMG${stamp}`.toUpperCase(),
    audio: `AUD${stamp}`.toUpperCase(),
    video: `VID${stamp}`.toUpperCase(),
    brokenVideo: `VIDX${stamp}`.toUpperCase(),
    pdf: `PDF${stamp}`.toUpperCase(),
    location: `LOC${stamp}`.toUpperCase(),
    vcard: `VCF${stamp}`.toUpperCase(),
  };
  const pdf = simplePdf(`Factura ${stamp}`);
  const sharedNumber = '5511988887777';
  const sharedName = `Lucía Gómez ${stamp}`;

  const message = (id: string) => page.locator(`[data-message-id="${id}"]`);
  /**
   * Reads something of a message after scrolling it into view, for expect.poll: media above it
   * that finish loading change heights and can push it out of view again (media load lazily).
   */
  const inView =
    <T>(id: string, read: () => Promise<T>) =>
    async () => {
      await message(id).scrollIntoViewIfNeeded();
      return read();
    };
  const send = async (body: Record<string, unknown>) =>
    expect((await api('POST', `/sandbox/${whatsappId}/inbound`, { ...customer, ...body })).status).toBe(202);

  beforeAll(async () => {
    app = await startApp('inbox-media');
    await app.signUpCompany(company);
    const browser = await app.launchBrowser(fakeMediaArgs);
    const context = await browser.newContext({
      locale: 'es-ES',
      colorScheme: 'light',
      viewport: { width: 1366, height: 820 },
      acceptDownloads: true,
    });
    page = collectPageErrors(await context.newPage(), pageErrors);
    await app.signInThroughForm(page, company.email, company.password);
    api = app.as(page);
    whatsappId = await connectSandbox(api, { name: `Medios ${stamp}` });

    await send({
      id: ids.image,
      mediaType: 'image',
      body: 'mi foto',
      data: solidPng(320, 200, [220, 60, 40]).toString('base64'),
    });
    await send({ id: ids.audio, mediaType: 'audio', data: oggOpusVoiceNote(3).toString('base64') });
    await send({ id: ids.video, mediaType: 'video', data: await recordedWebm(page), fileName: 'video.webm' });
    await send({
      id: ids.brokenVideo,
      mediaType: 'video',
      data: mp4Header().toString('base64'),
      fileName: 'roto.mp4',
    });
    await send({
      id: ids.pdf,
      mediaType: 'application',
      data: pdf.toString('base64'),
      fileName: 'factura.pdf',
    });
    await send({ id: ids.location, mediaType: 'locationMessage', body: '-34.6037,-58.3816|Obelisco' });
    await send({
      id: ids.vcard,
      mediaType: 'vcard',
      body: [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `FN:${sharedName}`,
        `TEL;type=CELL;waid=${sharedNumber}:+${sharedNumber}`,
        'END:VCARD',
      ].join('\n'),
    });
    const ticket = await pendingTicketOf<{ uuid: string; contact?: { name?: string } | null }>(
      api,
      customer.name,
    );
    await page.goto(app.url(`/tickets/${ticket.uuid}`));
    await message(ids.vcard).waitFor({ state: 'visible', timeout: 30_000 });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('shows the picture inline, re-signing a URL that no longer works, and opens it large with zoom', async () => {
    // The list's URL for the picture fails once, as an expired one would: the chat asks the
    // server for a fresh one and shows the picture.
    let failed = 0;
    const signedImage = (url: URL) =>
      url.pathname.endsWith(`/${ids.image}`) && url.searchParams.has('X-Amz-Signature');
    await page.route(signedImage, async (route) => {
      if (failed === 0) {
        failed += 1;
        await route.fulfill({ status: 403, body: 'Request has expired' });
      } else {
        await route.continue();
      }
    });
    const resigned = page.waitForRequest(
      (request) => request.url().includes(`/api/messages/media/${ids.image}`),
      { timeout: 30_000 },
    );
    await page.reload();
    const thumbnail = message(ids.image).getByRole('button', {
      name: t('tickets.media.openImage', { name: t('tickets.messages.media.image') }),
    });
    await thumbnail.scrollIntoViewIfNeeded();
    await resigned;
    const image = thumbnail.locator('img');
    await expect
      .poll(
        inView(ids.image, () => image.evaluate((element: HTMLImageElement) => element.naturalWidth)),
        { timeout: 20_000 },
      )
      .toBe(320);
    expect(failed).toBe(1);
    await page.unroute(signedImage);

    await thumbnail.click();
    const viewer = page.getByTestId('media-viewer');
    await viewer.waitFor({ state: 'visible' });
    const large = viewer.locator('img');
    await expect.poll(() => large.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(320);
    const zoom = page.getByRole('button', { name: t('tickets.media.zoomIn') });
    await zoom.click();
    await expect
      .poll(() => page.getByRole('button', { name: t('tickets.media.zoomOut') }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('plays the voice note, showing its duration', async () => {
    const audio = message(ids.audio).locator('audio');
    await expect
      .poll(
        inView(ids.audio, () => audio.count()),
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect
      .poll(
        inView(ids.audio, () => message(ids.audio).getByTestId('media-duration').textContent()),
        {
          timeout: 15_000,
        },
      )
      .toBe('0:03');
    await audio.evaluate((element: HTMLAudioElement) => element.play());
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
  });

  it('gives the video a player (a file that cannot play, a download card) and the location its card with the place and a map link', async () => {
    // The player gets its source only once it scrolls into view.
    const video = message(ids.video).locator('video');
    await expect
      .poll(
        inView(ids.video, () => video.count()),
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect.poll(() => video.getAttribute('src'), { timeout: 15_000 }).toMatch(/X-Amz-Signature=/);
    expect(await video.getAttribute('preload')).toBe('metadata');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(160);

    const fallback = message(ids.brokenVideo).getByTestId('media-file');
    await expect
      .poll(
        inView(ids.brokenVideo, () => fallback.count()),
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect.poll(() => fallback.innerText()).toContain('roto.mp4');

    const card = message(ids.location).getByTestId('location-card');
    await card.waitFor({ state: 'visible' });
    await expect.poll(() => card.innerText()).toContain('Obelisco');
    await expect
      .poll(() => card.getAttribute('href'))
      .toBe('https://www.google.com/maps/search/?api=1&query=-34.6037%2C-58.3816');
  });

  it('downloads the PDF through its signed URL alone, byte for byte', async () => {
    const file = message(ids.pdf).getByTestId('media-file');
    await file.scrollIntoViewIfNeeded();
    await expect.poll(() => file.innerText()).toContain('factura.pdf');
    await expect.poll(() => file.innerText()).toContain('PDF');
    const media: { authorization?: string; cookie?: string }[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/${ids.pdf}?`) && request.url().includes('X-Amz-Signature='))
        media.push(request.headers());
    });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      file.getByRole('button', { name: `${t('tickets.messages.download')}: factura.pdf` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('factura.pdf');
    expect(Buffer.from(await readFile((await download.path())!)).equals(pdf)).toBe(true);
    // A signed URL is its own authorization: no bearer token or cookie goes with it.
    expect(media.length).toBeGreaterThan(0);
    for (const headers of media) {
      expect(headers.authorization).toBeUndefined();
      expect(headers.cookie).toBeUndefined();
    }
  });

  it('starts a conversation with a shared contact through the new-ticket flow', async () => {
    const card = message(ids.vcard).getByTestId('contact-card');
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.innerText()).toContain(sharedName);
    await card
      .getByRole('button', { name: t('tickets.media.startConversationWith', { name: sharedName }) })
      .click();
    const contactField = page.getByRole('textbox', { name: t('tickets.new.contact') });
    await expect.poll(() => contactField.inputValue(), { timeout: 15_000 }).toBe(sharedName);
    const before = new URL(page.url()).pathname;
    await page.getByRole('button', { name: t('tickets.new.submit'), exact: true }).click();
    await page.waitForURL(
      (address) => address.pathname !== before && address.pathname.startsWith('/tickets/'),
      { timeout: 15_000 },
    );
    await expect
      .poll(
        async () => {
          const list = await api<{ tickets: { status: string; contact?: { number?: string } | null }[] }>(
            'GET',
            '/tickets?status=open&showAll=true',
          );
          return list.body.tickets.some((ticket) => ticket.contact?.number === sharedNumber);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
