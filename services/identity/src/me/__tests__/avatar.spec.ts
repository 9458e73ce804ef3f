import { AVATAR_MAX_LENGTH, avatarProblem } from '../avatar';
import { JPEG_BYTES, PNG_BYTES, WEBP_BYTES, dataUrl } from './avatar-fixtures';

describe('avatarProblem', () => {
  it.each([
    ['png', PNG_BYTES],
    ['jpeg', JPEG_BYTES],
    ['webp', WEBP_BYTES],
  ])('accepts a %s data URL', (type, bytes) => {
    expect(avatarProblem(dataUrl(type, bytes))).toBeNull();
  });

  it.each([
    ['another image type', dataUrl('gif', Buffer.from('GIF89a')), 'data:image URL'],
    ['an SVG', `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`, 'data:image URL'],
    ['a plain URL', 'https://example.com/me.png', 'data:image URL'],
    ['text that is not base64', 'data:image/png;base64,not base64!', 'data:image URL'],
    ['an empty payload', 'data:image/png;base64,', 'data:image URL'],
    ['base64 with a bad length', `data:image/png;base64,${PNG_BYTES.toString('base64').slice(0, -1)}`, 'valid base64'],
    ['bytes of another format than declared', dataUrl('png', JPEG_BYTES), 'not a png image'],
    [
      'bytes of no image format',
      dataUrl('jpeg', Buffer.from('<html><script>alert(1)</script></html>')),
      'not a jpeg image',
    ],
    ['an uppercase type', dataUrl('PNG', PNG_BYTES), 'data:image URL'],
  ])('refuses %s', (_label, avatar, message) => {
    expect(avatarProblem(avatar)).toContain(message);
  });

  it('documents the contract limit', () => {
    expect(AVATAR_MAX_LENGTH).toBe(81920);
  });
});
