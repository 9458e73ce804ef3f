import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { newId, type Logger } from '@crm/kit';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const rendered = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.mailboxDir, { recursive: true });
      const file = join(options.mailboxDir, `${newId()}.eml`);
      await writeFile(file, rendered.message as Buffer);
      options.logger.info({ to: message.to, subject: message.subject, file }, 'mail written to the local mailbox');
    },
    close: () => transport.close(),
  };
}
