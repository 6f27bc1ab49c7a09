/** The per-video options a person can give on the command line (--modes, --language), as the API's options object. */
import { Option, type Command } from 'commander';
import { z } from 'zod';
import type { ProcessRequest } from '../../client';
import { SUMMARY_MODES } from '../domain/summary';
import { usageErrorFrom } from './usage-error';

export type VideoOptions = NonNullable<ProcessRequest['options']>;

const VideoFlags = z.object({
  modes: z
    .string()
    .transform((list) => list.split(',').map((mode) => mode.trim()).filter(Boolean))
    .pipe(z.array(z.enum(SUMMARY_MODES, { message: `--modes must list ${SUMMARY_MODES.join(', ')}, comma-separated` })).min(1, '--modes must name at least one mode'))
    .optional(),
  language: z.string().trim().min(1, '--language must not be empty').optional(),
});

export function addVideoOptions(command: Command): Command {
  return command
    .addOption(new Option('--modes <list>', `summary modes, comma-separated: ${SUMMARY_MODES.join(', ')} (default: tldr; others need Pro)`))
    .addOption(new Option('--language <code>', 'preferred transcript language, e.g. en or pt-BR'));
}

/** The options object for each video, or undefined when no flag asks for anything. */
export function videoOptionsFrom(flags: { modes?: string; language?: string }): VideoOptions | undefined {
  const parsed = VideoFlags.safeParse(flags);
  if (!parsed.success) throw usageErrorFrom(parsed.error);
  const { modes, language } = parsed.data;
  const options: VideoOptions = { ...(modes ? { summary_modes: modes } : {}), ...(language ? { language } : {}) };
  return Object.keys(options).length > 0 ? options : undefined;
}
