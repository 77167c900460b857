import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../../../test/build-app';
import { IMAGES, multipart } from '../../../test/blog-fixtures';
import { dbKinds } from '../../../test/databases';
import { detectImageType } from './image-type';
import { saveImage } from './uploads.repository';

/** A real, all-black PNG of any size (1 bit a pixel, compressed to almost nothing), as a prober would send. */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // grey
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('detectImageType', () => {
  it('reads the type from the bytes, not the name', () => {
    expect(detectImageType(IMAGES.png)).toBe('image/png');
    expect(detectImageType(IMAGES.jpeg)).toBe('image/jpeg');
    expect(detectImageType(IMAGES.gif)).toBe('image/gif');
    expect(detectImageType(IMAGES.webp)).toBe('image/webp');
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

for (const kind of dbKinds()) {
  describe(`POST /api/blogs/upload-image and GET /api/images/{id} [${kind}]`, () => {
    let t: TestContext;
    let token = '';
    beforeAll(async () => {
      t = await buildTestApp(kind);
      token = (await loginAs(t.app, ...DEMO.doctor)).token;
    });
    afterAll(async () => t?.close());

    const upload = (bytes: Buffer, filename: string, contentType: string, field = 'image', auth = token) => {
      const body = multipart(field, filename, contentType, bytes);
      return t.app.inject({
        method: 'POST',
        url: '/api/blogs/upload-image',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(auth) },
      });
    };

    it.each([
      ['png', 'anh.png', 'image/png'],
      ['jpeg', 'anh.jpg', 'image/jpeg'],
      ['gif', 'anh.gif', 'image/gif'],
      ['webp', 'anh.webp', 'image/webp'],
    ] as const)(
      'stores a %s image and serves its bytes back with long-lived caching',
      async (type, filename, contentType) => {
        const bytes = IMAGES[type];
        const res = await upload(bytes, filename, contentType);
        expect(res.statusCode).toBe(201);
        const { imageUrl } = res.json();
        expect(imageUrl).toMatch(/^\/api\/images\/\d+$/);
        expect(res.json()).toMatchObject({ contentType, size: bytes.length });

        const served = await t.app.inject({ url: imageUrl });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(contentType);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(bytes)).toBe(true);
        const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`;
        expect(served.headers.etag).toBe(etag);
        expect((await t.app.inject({ url: imageUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      },
    );

    it('serves a phone the width its screen needs, in WebP when the browser takes it, never wider than the upload', async () => {
      const photo = await sharp({
        create: { width: 1000, height: 525, channels: 3, background: { r: 15, g: 118, b: 110 } },
      })
        .jpeg({ quality: 90 })
        .toBuffer();
      const { imageUrl } = (await upload(photo, 'phong-kham.jpg', 'image/jpeg')).json();
      const get = (query: string, accept?: string) =>
        t.app.inject({ url: `${imageUrl}${query}`, headers: accept ? { accept } : {} });
      const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

      const small = await get('?w=400', chrome);
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('image/webp');
      expect(small.headers.vary).toContain('accept');
      expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 210 });
      expect(small.rawPayload.length).toBeLessThan(photo.length);
      expect((await get('?w=400', chrome)).rawPayload.equals(small.rawPayload)).toBe(true);
      expect(
        (
          await t.app.inject({
            url: `${imageUrl}?w=400`,
            headers: { accept: chrome, 'if-none-match': small.headers.etag as string },
          })
        ).statusCode,
      ).toBe(304);

      // A browser that does not take WebP gets the upload's own format, resized.
      const jpeg = await get('?w=800');
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 800 });
      expect(jpeg.headers.etag).not.toBe(small.headers.etag);
      // Never enlarged.
      expect((await sharp((await get('?w=1200', chrome)).rawPayload).metadata()).width).toBe(1000);
      // Without a width: the upload itself, or the same picture in WebP.
      expect((await get('')).rawPayload.equals(photo)).toBe(true);
      expect((await get('', chrome)).headers['content-type']).toBe('image/webp');

      for (const bad of ['?w=500', '?w=abc', '?w=-1']) {
        const res = await get(bad, chrome);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message).toBe(UPLOAD_MSG.invalidImageWidth);
      }
    });

    it('sends bytes that only look like an image as they were stored, whatever is asked', async () => {
      const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(120, 7)]);
      const { imageUrl } = (await upload(broken, 'hong.jpg', 'image/jpeg')).json();
      const res = await t.app.inject({ url: `${imageUrl}?w=400`, headers: { accept: 'image/webp' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(broken)).toBe(true);
    });

    // Issue 29: a few KB that declare 16,000 × 16,000 pixels took seconds and 1.3 GB to resize.
    it('refuses an image of more than 40 megapixels with 400 and a Vietnamese message, and takes a camera’s photo', async () => {
      const huge = blankPng(16_000, 16_000);
      expect(huge.length).toBeLessThan(64 * 1024);
      const res = await upload(huge, 'tranh.png', 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', message: UPLOAD_MSG.tooManyPixels });
      expect(UPLOAD_MSG.tooManyPixels).toBe('Hình ảnh không được vượt quá 40 megapixel (chiều rộng × chiều cao)');
      // 8,000 × 5,000 is the cap itself; one row more is over it.
      expect((await upload(blankPng(8000, 5000), 'may-anh.png', 'image/png')).statusCode).toBe(201);
      expect((await upload(blankPng(8000, 5001), 'qua-co.png', 'image/png')).statusCode).toBe(400);
    });

    it('never decodes a stored image over the cap to resize it: it is sent as it was stored', async () => {
      const huge = blankPng(16_000, 16_000);
      const id = await saveImage(t.testDb.database.db, {
        contentType: 'image/png',
        size: huge.length,
        sha256: createHash('sha256').update(huge).digest('hex'),
        data: huge,
        uploadedBy: null,
      });
      const res = await t.app.inject({ url: `/api/images/${id}?w=400`, headers: { accept: 'image/webp' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(huge)).toBe(true);
    });

    it('goes by the bytes: a JPEG named .png is stored as a JPEG, and the same bytes keep their address', async () => {
      const res = await upload(IMAGES.jpeg, 'renamed.png', 'image/png');
      expect(res.json().contentType).toBe('image/jpeg');
      expect((await upload(IMAGES.jpeg, 'again.jpg', 'image/jpeg')).json().imageUrl).toBe(res.json().imageUrl);
    });

    it('refuses a renamed non-image with 400 and a Vietnamese message', async () => {
      for (const [bytes, name] of [
        [Buffer.from('<html><script>alert(1)</script></html>'), 'anh.jpg'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'anh.png'],
        [Buffer.from('%PDF-1.7 ...'), 'anh.webp'],
      ] as const) {
        const res = await upload(bytes, name, 'image/jpeg');
        expect(res.statusCode, name).toBe(400);
        expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE_TYPE', message: UPLOAD_MSG.unsupportedType });
      }
    });

    it('refuses a 6 MB file with 413 and a Vietnamese message, and takes one of exactly 5 MB', async () => {
      const big = Buffer.alloc(6 * 1024 * 1024, 0);
      IMAGES.png.copy(big, 0, 0, 64);
      const res = await upload(big, 'lon.png', 'image/png');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ statusCode: 413, code: 'FILE_TOO_LARGE', message: UPLOAD_MSG.tooLarge });

      const limit = Buffer.alloc(5 * 1024 * 1024, 7);
      IMAGES.gif.copy(limit, 0, 0, 6);
      expect((await upload(limit, 'vua.gif', 'image/gif')).statusCode).toBe(201);
    });

    it('asks for a file in the field `image` when none is sent', async () => {
      const wrongField = await upload(IMAGES.png, 'anh.png', 'image/png', 'file');
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().message).toBe(UPLOAD_MSG.fileRequired);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/blogs/upload-image',
        payload: { image: 'x' },
        headers: bearer(token),
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe(UPLOAD_MSG.fileRequired);
      const empty = await upload(Buffer.alloc(0), 'rong.png', 'image/png');
      expect(empty.statusCode).toBe(400);
    });

    it('answers 400, not 500, to a cut-off multipart body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blogs/upload-image',
        headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=xx' },
        payload:
          '--xx\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UPLOAD_MSG.fileRequired);
    });

    it('answers 401 without a token and 403 to a patient', async () => {
      const body = multipart('image', 'anh.png', 'image/png', IMAGES.png);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/blogs/upload-image',
            payload: body.payload,
            headers: body.headers,
          })
        ).statusCode,
      ).toBe(401);
      const patient = await loginAs(t.app, ...DEMO.patient);
      expect((await upload(IMAGES.png, 'anh.png', 'image/png', 'image', patient.token)).statusCode).toBe(403);
    });

    it('answers 404 for an unknown image and 400 for a bad id', async () => {
      const unknown = await t.app.inject({ url: '/api/images/999999' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(UPLOAD_MSG.imageNotFound);
      const bad = await t.app.inject({ url: '/api/images/abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(UPLOAD_MSG.invalidImageId);
    });
  });
}
