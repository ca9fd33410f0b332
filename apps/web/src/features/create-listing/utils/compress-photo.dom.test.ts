import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '@makazi/contracts/listing-values';
import { preparePhoto } from './compress-photo';

const compress = vi.hoisted(() => vi.fn());
vi.mock('browser-image-compression', () => ({ default: compress }));

function sized(name: string, bytes: number, type = 'image/jpeg'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

beforeEach(() => {
  compress.mockReset();
});

describe('preparePhoto', () => {
  it('uploads the compressed copy', async () => {
    const small = sized('small.jpg', 200_000);
    compress.mockResolvedValue(small);
    await expect(preparePhoto(sized('big.jpg', 4_000_000))).resolves.toEqual({
      ok: true,
      file: small,
      compressed: true,
    });
  });

  it('never uploads more than was picked', async () => {
    const original = sized('tiny.png', 30_000, 'image/png');
    compress.mockResolvedValue(sized('tiny.png', 45_000, 'image/png'));
    await expect(preparePhoto(original)).resolves.toEqual({
      ok: true,
      file: original,
      compressed: false,
    });
  });

  it('sends the original when the browser cannot decode it and the API takes its size', async () => {
    const heic = sized('photo.heic', 3_000_000, 'image/heic');
    compress.mockRejectedValue(new Error('cannot decode'));
    await expect(preparePhoto(heic)).resolves.toEqual({ ok: true, file: heic, compressed: false });
  });

  it('refuses an undecodable photo over the API limit', async () => {
    compress.mockRejectedValue(new Error('cannot decode'));
    await expect(
      preparePhoto(sized('huge.heic', PHOTO_MAX_BYTES + 1, 'image/heic')),
    ).resolves.toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('refuses what is not an image without trying', async () => {
    await expect(preparePhoto(sized('a.pdf', 1000, 'application/pdf'))).resolves.toEqual({
      ok: false,
      reason: 'notImage',
    });
    expect(compress).not.toHaveBeenCalled();
  });
});
