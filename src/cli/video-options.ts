/** The per-video options a person can give on the command line (--modes, --language, --transcript-source), as the API's options object. */
import { Option, type Command } from 'commander';
import { z } from 'zod';
import type { ProcessRequest } from '../../client';
import { SUMMARY_MODES } from '../domain/summary';
import { TRANSCRIPT_SOURCE_OPTIONS } from '../domain/transcript';
import { usageErrorFrom } from './usage-error';

export type VideoOptions = NonNullable<ProcessRequest['options']>;

const VideoFlags = z.object({
  modes: z
    .string()
    .transform((list) => list.split(',').map((mode) => mode.trim()).filter(Boolean))
    .pipe(z.array(z.enum(SUMMARY_MODES, { message: `--modes must list ${SUMMARY_MODES.join(', ')}, comma-separated` })).min(1, '--modes must name at least one mode'))
    .optional(),
  language: z.string().trim().min(1, '--language must not be empty').optional(),
  transcriptSource: z.enum(TRANSCRIPT_SOURCE_OPTIONS, { message: `--transcript-source must be ${TRANSCRIPT_SOURCE_OPTIONS.join(', ')}` }).optional(),
});

export function addVideoOptions(command: Command): Command {
  return command
    .addOption(new Option('--modes <list>', `summary modes, comma-separated: ${SUMMARY_MODES.join(', ')} (default: tldr; others need Pro)`))
    .addOption(new Option('--language <code>', 'preferred transcript language, e.g. en or pt-BR'))
    .addOption(
      new Option('--transcript-source <source>', 'auto (captions, else speech-to-text from the audio), captions, or speech_to_text (default: auto)'),
    );
}

/** The options object for each video, or undefined when no flag asks for anything. */
export function videoOptionsFrom(flags: { modes?: string; language?: string; transcriptSource?: string }): VideoOptions | undefined {
  const parsed = VideoFlags.safeParse(flags);
  if (!parsed.success) throw usageErrorFrom(parsed.error);
  const { modes, language, transcriptSource } = parsed.data;
  const options: VideoOptions = {
    ...(modes ? { summary_modes: modes } : {}),
    ...(language ? { language } : {}),
    ...(transcriptSource ? { transcript_source: transcriptSource } : {}),
  };
  return Object.keys(options).length > 0 ? options : undefined;
}
