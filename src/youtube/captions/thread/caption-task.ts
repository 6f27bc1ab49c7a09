import { CaptionFormatError } from '../caption-text';
import { packSegments, type PackedSegments } from '../../../transcripts/packed-segments';
import { parseCaptions, type CaptionFormat } from '../parse-captions';

export interface CaptionTask {
  format: CaptionFormat;
  payload: string;
}

/** An error's class does not survive the crossing: a payload of another format is an answer. */
export type CaptionTaskResult = ({ kind: 'parsed' } & PackedSegments) | { kind: 'not-this-format'; why: string };

export function parseCaptionTask(task: CaptionTask): CaptionTaskResult {
  try {
    return { kind: 'parsed', ...packSegments(parseCaptions(task.format, task.payload)) };
  } catch (error) {
    if (error instanceof CaptionFormatError) return { kind: 'not-this-format', why: error.why };
    throw error;
  }
}
