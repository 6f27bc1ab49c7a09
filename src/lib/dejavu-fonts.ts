/** Where the DejaVu fonts the PDF export and the infographic both draw with are installed. */
import path from 'node:path';

/**
 * The path of one of the dejavu-fonts-ttf package's TTF files ("DejaVuSans.ttf"). Throws when the
 * package is not installed.
 */
export function dejavuFontPath(file: string): string {
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', file);
}
