export { AltchaCaptcha, type AltchaOptions } from './altcha-captcha.adapter.js';
