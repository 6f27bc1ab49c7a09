import type { Transcript } from '../../domain/transcript';
import { unpackSegments, type PackedSegments } from '../packed-segments';
import { encodeTranscript, type EncodedTranscript } from '../encoded-transcript';

/** A transcript as it crosses to the thread: what it is, and its segments packed. */
export interface EncodeTask {
  about: Omit<Transcript, 'segments'>;
  segments: PackedSegments;
}

export function encodeTranscriptTask(task: EncodeTask): EncodedTranscript {
  return encodeTranscript({ ...task.about, segments: unpackSegments(task.segments) });
}
