export { SmtpMailSender, type SmtpOptions } from './smtp-mail.adapter.js';
