export { renderJobPdf, MAX_APPENDIX_CHARS, MODE_TITLES, type JobPdfInput, type JobPdfOptions } from './job-pdf';
export { jobPdfInput } from './job-pdf-input';
export { contentDisposition, pdfFileName } from './file-name';
