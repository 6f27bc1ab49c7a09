import { z } from 'zod';
import { defineRoute } from '../../route';
import { AppError } from '../../../domain/errors';
import { parseVideoUrl } from '../../../domain/video-url';
import { refusal } from '../../standard-responses';

/** Every still YouTube serves for a video: the named sizes, as JPEG and WebP. */
const SIZES = [
  { quality: 'default', width: 120, height: 90 },
  { quality: 'mqdefault', width: 320, height: 180 },
  { quality: 'hqdefault', width: 480, height: 360 },
  { quality: 'sddefault', width: 640, height: 480 },
  { quality: 'maxresdefault', width: 1280, height: 720 },
] as const;

/** The three auto-picked frames (start, middle, end of the video). */
const FRAMES = ['1', '2', '3'] as const;

const ThumbnailSchema = z.object({
  quality: z.string().describe('YouTube size name, or frame1..frame3 for the auto-picked frames'),
  format: z.enum(['jpg', 'webp']),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

const ThumbnailsResponse = z
  .object({
    success: z.literal(true),
    video_id: z.string(),
    video_url: z.string(),
    default_url: z.string().describe('hqdefault.jpg: served for every video'),
    thumbnails: z.array(ThumbnailSchema),
    note: z.string(),
  })
  .meta({ id: 'Thumbnails' });

export function thumbnailsFor(videoId: string) {
  const images = SIZES.flatMap((size) => [
    { quality: size.quality, format: 'jpg' as const, url: `https://i.ytimg.com/vi/${videoId}/${size.quality}.jpg`, width: size.width, height: size.height },
    { quality: size.quality, format: 'webp' as const, url: `https://i.ytimg.com/vi_webp/${videoId}/${size.quality}.webp`, width: size.width, height: size.height },
  ]);
  const frames = FRAMES.map((frame) => ({ quality: `frame${frame}`, format: 'jpg' as const, url: `https://i.ytimg.com/vi/${videoId}/${frame}.jpg`, width: 120, height: 90 }));
  return [...images, ...frames];
}

export const thumbnailsRoute = () =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/thumbnails',
    summary: 'Thumbnail URLs of a video',
    description:
      'Derived from the video id, without a request to YouTube. Needs a key with read, except when the server runs with REQUIRE_API_AUTH=false (local development).',
    auth: { kind: 'key-unless-auth-disabled', permission: 'read' },
    request: { query: z.object({ url: z.string().min(1).max(2048).describe('A YouTube address or an 11-character video id') }) },
    responses: {
      200: { description: 'Thumbnail information', schema: ThumbnailsResponse },
      422: refusal('VALIDATION_ERROR or UNSUPPORTED_URL'),
    },
    async handler({ query }) {
      const parsed = parseVideoUrl(query.url);
      if (!parsed) throw new AppError('UNSUPPORTED_URL', 'The url is not the address of a supported video', { url: query.url.slice(0, 200) });
      return {
        body: {
          video_id: parsed.videoId,
          video_url: parsed.canonicalUrl,
          default_url: `https://i.ytimg.com/vi/${parsed.videoId}/hqdefault.jpg`,
          thumbnails: thumbnailsFor(parsed.videoId),
          note: 'maxresdefault and sddefault exist only for videos uploaded in high enough resolution',
        },
      };
    },
  });
