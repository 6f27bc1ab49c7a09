/**
 * Renders a notice: subject, HTML (MJML templates in ./templates, compiled offline by mjml) and a
 * plain-text part (the .txt templates beside them).
 */
import { NOTICE_KINDS, type NoticeKind } from './queue-notice';
import { fillTemplate, templateSource } from './template';
import { VIEWS, type ViewContext } from './views';

export interface RenderedNotice {
  subject: string;
  html: string;
  text: string;
}

export class NoticeRenderError extends Error {
  override readonly name = 'NoticeRenderError';
}

export function isNoticeKind(kind: string): kind is NoticeKind {
  return (NOTICE_KINDS as readonly string[]).includes(kind);
}

export async function renderNotice(kind: string, data: Record<string, unknown>, ctx: ViewContext): Promise<RenderedNotice> {
  if (!isNoticeKind(kind)) throw new NoticeRenderError(`unknown notice kind: ${kind}`);
  const view = VIEWS[kind](data, ctx);
  const source = fillTemplate(templateSource('layout.mjml'), templateSource(`${kind}.mjml`), view.vars, true);
  // Loaded on the first notice: mjml is heavy, and a service that sends no email never needs it.
  const { default: mjml2html } = await import('mjml');
  // strict: a template that is not valid MJML fails here (and in the tests), not in a mail client.
  const result = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  if (result.errors.length > 0) {
    throw new NoticeRenderError(`template ${kind}.mjml: ${result.errors.map((e) => e.formattedMessage).join('; ')}`);
  }
  const text = fillTemplate(templateSource('layout.txt'), templateSource(`${kind}.txt`), view.vars, false)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { subject: view.subject, html: result.html, text: `${text}\n` };
}
