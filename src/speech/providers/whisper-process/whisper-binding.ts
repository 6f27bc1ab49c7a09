/**
 * whisper.cpp's Node binding, whisper.node (github.com/mybigday/whisper.node), as its prebuilt
 * platform package `@fugood/node-whisper-<platform>-<arch>`: the native module that the
 * `@fugood/whisper.node` wrapper itself loads. The wrapper is not a dependency because its
 * optional dependencies pull in CUDA and Vulkan builds, far larger than the CPU one, on every Linux x64 install;
 * the CPU build is an optional dependency of its own (a missing one fails only STT_PROVIDER=local).
 */

import { createRequire } from 'node:module';

/** The part of whisper.node's API used here (its lib/binding.ts). */
export interface WhisperContext {
  transcribeFile(
    filePath: string,
    options?: { language?: string; maxThreads?: number; translate?: boolean },
  ): { stop: () => Promise<void>; promise: Promise<WhisperResult> };
  release(): Promise<void>;
}

export interface WhisperResult {
  /** The language whisper.cpp decoded in, as a code ("en"). */
  language?: string;
  result: string;
  /** t0 and t1 in milliseconds from the start of the file. */
  segments: Array<{ text: string; t0: number; t1: number }>;
  isAborted: boolean;
}

interface WhisperModule {
  WhisperContext: new (options: { filePath: string; useGpu?: boolean }) => WhisperContext;
}

export class WhisperBindingMissingError extends Error {
  override readonly name = 'WhisperBindingMissingError';
}

export const WHISPER_PLATFORM_PACKAGE = `@fugood/node-whisper-${process.platform}-${process.arch}`;

let loaded: WhisperModule | null = null;

/** A package whose name is known only at run time, and that may not be installed. */
const requireOptional = createRequire(__filename);

export function loadWhisperBinding(): WhisperModule {
  if (loaded) return loaded;
  try {
    loaded = requireOptional(WHISPER_PLATFORM_PACKAGE) as WhisperModule;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' ? 'is not installed' : `cannot be loaded (${(error as Error).message})`;
    throw new WhisperBindingMissingError(
      `STT_PROVIDER=local needs whisper.cpp's binding ${WHISPER_PLATFORM_PACKAGE}, which ${reason} (npm install ${WHISPER_PLATFORM_PACKAGE}; Linux x64 gets it with the service's optional dependencies)`,
    );
  }
  return loaded;
}
