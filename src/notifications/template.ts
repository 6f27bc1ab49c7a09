/**
 * The few template features the notice templates use (a Mustache subset), so templates stay plain
 * MJML and text files:
 *
 *   {{name}}                  the value; HTML-escaped in .mjml templates
 *   {{#name}}...{{/name}}     the block when the value is not empty
 *   {{^name}}...{{/name}}     the block when the value is empty
 *   {{> content}}             the kind's template inside the layout
 *
 * Values are strings computed by views.ts; there is no unescaped interpolation, so data from a
 * notice (video titles, error messages) can never inject markup. A name the view did not provide
 * is an error, not an empty string: a typo in a template fails the render test.
 */
import fs from 'node:fs';
import path from 'node:path';

export type TemplateVars = Record<string, string>;

const TEMPLATE_DIR = path.join(__dirname, 'templates');
const cache = new Map<string, string>();

/** A template file's text (read once per process). */
export function templateSource(file: string): string {
  let source = cache.get(file);
  if (source === undefined) {
    source = fs.readFileSync(path.join(TEMPLATE_DIR, file), 'utf8');
    cache.set(file, source);
  }
  return source;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function lookup(vars: TemplateVars, name: string): string {
  const value = vars[name];
  if (value === undefined) throw new Error(`template variable "${name}" is not set`);
  return value;
}

/** Fills `layout` with `content`, then the variables; `escape` for HTML (MJML) output. */
export function fillTemplate(layout: string, content: string, vars: TemplateVars, escape: boolean): string {
  const withContent = layout.replace(/{{>\s*content\s*}}/g, () => content);
  const withSections = withContent.replace(/{{([#^])\s*([a-z0-9_]+)\s*}}([\s\S]*?){{\/\s*\2\s*}}/g, (_m, mode: string, name: string, block: string) => {
    const present = lookup(vars, name) !== '';
    return (mode === '#') === present ? block : '';
  });
  return withSections.replace(/{{\s*([a-z0-9_]+)\s*}}/g, (_m, name: string) => {
    const value = lookup(vars, name);
    return escape ? escapeHtml(value) : value;
  });
}
