import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { newId, writeFileDurably, type Logger } from '@crm/kit';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

// C0 controls (CR and LF among them), DEL and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;
// One plain address: no display name, no list, nothing a header parser could split on.
const PLAIN_ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+$/;

// A value shown inside a mail (a name, a title) stays on the line it was put on: it can
// never start a header-looking line (`Bcc: …`) or end the mail's own text.
export function singleLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ');
}

// Template tag for mail text: the template's own line breaks stay, every interpolated value
// is flattened with singleLine().
export function mailText(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce(
    (text, part, index) => text + part + (index < values.length ? singleLine(String(values[index])) : ''),
    '',
  );
}

// What reaches the transport: one recipient address and a one-line subject, whatever the
// caller passed. A recipient that is not one plain address is refused outright.
function checkedMessage(message: MailMessage): MailMessage {
  if (!PLAIN_ADDRESS.test(message.to)) throw new Error('mail recipient is not a single plain address');
  return { to: message.to, subject: singleLine(message.subject).trim(), text: message.text };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  // smtp://user:pass@host:587 or smtps://...; without it, mail goes to files in mailboxDir.
  smtpUrl?: string;
  mailboxDir: string;
  from: string;
  logger: Logger;
}

// Mail through nodemailer either way: to an SMTP server, or (embedded defaults) rendered to
// .eml files in the mailbox folder with a log line, so links in mail can be followed locally.
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (unchecked) => {
        const message = checkedMessage(unchecked);
        await transport.sendMail({ from: options.from, ...message });
        // Neither the address nor the subject (a task's title, an inviter's name): the log is
        // out of an erasure's reach.
        options.logger.info('mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (unchecked) => {
      const message = checkedMessage(unchecked);
      const rendered = await transport.sendMail({ from: options.from, ...message });
      const file = join(options.mailboxDir, `${newId()}.eml`);
      // Durable like a mail server's queue: a message the caller was told is sent is on disk.
      await writeFileDurably(file, rendered.message as Buffer);
      options.logger.info({ file }, 'mail written to the local mailbox');
    },
    close: () => transport.close(),
  };
}
