// An avatar is a data URL of a webp, png or jpeg image in base64 (spec: PATCH /me). The bytes
// must also be what the URL says they are, so nothing else (an SVG with a script, HTML) can
// be stored under an image type and served back to other members.
export const AVATAR_MAX_LENGTH = 81920;

const DATA_URL = /^data:image\/(webp|png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

type ImageType = 'webp' | 'png' | 'jpeg';

const SIGNATURES: Record<ImageType, (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (bytes) => bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  webp: (bytes) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

// Why an avatar is refused, or null when it is acceptable.
export function avatarProblem(avatar: string): string | null {
  const match = DATA_URL.exec(avatar);
  if (!match) return 'avatar must be a data:image URL of type webp, png or jpeg in base64 (data:image/png;base64,...)';
  const [, type, payload] = match;
  if (payload.length % 4 !== 0) return 'avatar must be valid base64';
  const bytes = Buffer.from(payload, 'base64');
  if (!SIGNATURES[type as ImageType](bytes)) return `avatar content is not a ${type} image`;
  return null;
}
