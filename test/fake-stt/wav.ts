/** 16 kHz mono 16-bit PCM WAV files for speech tests, the format the chunker hands providers. */
import fs from 'node:fs';

export const SAMPLE_RATE = 16000;

/** Writes `samples` (-1..1) as a WAV file. */
export function writeWav(filePath: string, samples: Float32Array, sampleRate = SAMPLE_RATE): void {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(sample * 32767))), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(filePath, Buffer.concat([header, data]));
}

/** Silence with sine tones at the given places: [startSeconds, durationSeconds, hertz]. */
export function toneSamples(totalSeconds: number, tones: Array<[number, number, number]>, sampleRate = SAMPLE_RATE): Float32Array {
  const samples = new Float32Array(Math.round(totalSeconds * sampleRate));
  for (const [start, duration, hertz] of tones) {
    const first = Math.round(start * sampleRate);
    const last = Math.min(samples.length, Math.round((start + duration) * sampleRate));
    for (let i = first; i < last; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * hertz * (i - first)) / sampleRate);
  }
  return samples;
}
