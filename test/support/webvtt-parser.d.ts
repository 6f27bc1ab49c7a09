/** The parts of webvtt-parser (https://github.com/w3c/webvtt.js) the tests use. */
declare module 'webvtt-parser' {
  export interface ParsedCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
  }
  export interface ParseError {
    message: string;
    line: number;
    col: number;
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: ParsedCue[]; errors: ParseError[]; time: number };
  }
}
