export { parseReceipt, parseSmppUrl, SmppSmsSender, SmsNotSent, type SmppOptions, type SmsReceiptState } from './smpp-sender.js';
export { LocalSmsc, type ReceivedSms } from './local-smsc.js';
