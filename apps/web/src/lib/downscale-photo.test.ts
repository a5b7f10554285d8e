import { afterEach, describe, expect, it, vi } from 'vitest';
import { downscalePhoto } from './downscale-photo';

function photo(name: string, size: number, type = 'image/jpeg'): File {
  const file = new File(['bytes'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

afterEach(() => vi.unstubAllGlobals());

describe('downscalePhoto', () => {
  it('sends a small photo as it is, without decoding it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const small = photo('small.jpg', 120 * 1024);
    expect(await downscalePhoto(small)).toBe(small);
    expect(decode).not.toHaveBeenCalled();
  });

  it('keeps the original when the browser cannot decode it (a HEIC photo)', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.reject(new DOMException('cannot decode', 'InvalidStateError'))));
    const heic = photo('IMG_0001.HEIC', 3 * 1024 * 1024, 'image/heic');
    expect(await downscalePhoto(heic)).toBe(heic);
  });

  it('keeps the original in a browser without createImageBitmap', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const big = photo('big.jpg', 4 * 1024 * 1024);
    expect(await downscalePhoto(big)).toBe(big);
  });

  it('shrinks a large photo to 1600 px on its long side as a JPEG', async () => {
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.resolve({ width: 4000, height: 3000, close })));
    const drawn: number[][] = [];
    class FakeCanvas {
      constructor(
        public width: number,
        public height: number,
      ) {}
      getContext() {
        return { fillRect: () => undefined, drawImage: (_image: unknown, ...box: number[]) => drawn.push(box), fillStyle: '', imageSmoothingQuality: '' };
      }
      convertToBlob({ type }: { type: string }) {
        return Promise.resolve(new Blob(['small jpeg'], { type }));
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    const shrunk = await downscalePhoto(photo('camera.png', 5 * 1024 * 1024, 'image/png'));
    expect(shrunk.name).toBe('camera.jpg');
    expect(shrunk.type).toBe('image/jpeg');
    expect(drawn).toEqual([[0, 0, 1600, 1200]]);
    expect(close).toHaveBeenCalled();
  });
});
