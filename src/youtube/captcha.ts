/**
 * Google's "unusual traffic" captcha page, which YouTube serves in place of the expected
 * answer when it suspects automation.
 */
const CAPTCHA_MARKERS = /class="g-recaptcha"|www\.google\.com\/recaptcha\//i;

export function looksLikeCaptchaPage(text: string): boolean {
  return CAPTCHA_MARKERS.test(text);
}
