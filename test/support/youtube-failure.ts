import { YouTubeError } from '../../src/youtube/errors';

/** The YouTubeError `promise` rejects with; anything else (a result, another error) fails the test. */
export async function youTubeFailureOf(promise: Promise<unknown>): Promise<YouTubeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof YouTubeError) return error;
    throw error;
  }
  throw new Error('expected a YouTubeError, got a result');
}
