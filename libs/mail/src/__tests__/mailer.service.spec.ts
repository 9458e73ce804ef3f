import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createLogger } from '@crm/kit';
import { createMailer, mailText } from '../mailer';

const logger = createLogger('mail-test', 'silent');

describe('mailer', () => {
  it('writes mail to the local mailbox when no SMTP server is configured', async () => {
    const mailboxDir = join(mkdtempSync(join(tmpdir(), 'mailbox-')), 'mailbox');
    try {
      const mailer = createMailer({ mailboxDir, from: 'CRM <no-reply@crm.local>', logger });
      await mailer.send({ to: 'ann@example.com', subject: 'Reset your password', text: 'Follow https://x/y once.' });
      const files = readdirSync(mailboxDir);
      expect(files).toHaveLength(1);
      const raw = readFileSync(join(mailboxDir, files[0]), 'utf8');
      expect(raw).toMatch(/^To: ann@example\.com$/m);
      expect(raw).toMatch(/^Subject: Reset your password$/m);
      expect(raw).toContain('Follow https://x/y once.');
    } finally {
      rmSync(join(mailboxDir, '..'), { recursive: true, force: true });
    }
  });

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailboxDir: '/nonexistent',
        from: 'no-reply@crm.local',
        logger,
      });
      await mailer.send({ to: 'bob@example.com', subject: 'You are invited', text: 'Join us' });
      mailer.close();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: You are invited/m);
      expect(received[0]).toContain('Join us');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('never lets a value shape the mail: no extra header, no header-looking line in the text, one recipient', async () => {
    const mailboxDir = join(mkdtempSync(join(tmpdir(), 'mailbox-')), 'mailbox');
    try {
      const mailer = createMailer({ mailboxDir, from: 'CRM <no-reply@crm.local>', logger });
      const workspace = 'Acme\r\nBcc: thief@evil.example\r\n';
      const inviter = 'Eve\nBcc: thief@evil.example\n\u2028X-Injected: yes';
      await mailer.send({
        to: 'ann@example.com',
        subject: `You are invited to ${workspace}`,
        text: ['Hello,', '', mailText`${inviter} invited you to join "${workspace}".`, '', 'Bye'].join('\n'),
      });
      const raw = readFileSync(join(mailboxDir, readdirSync(mailboxDir)[0]), 'utf8');
      expect(raw).not.toMatch(/^Bcc:/im);
      expect(raw).not.toMatch(/^X-Injected:/im);
      expect(raw).toMatch(/^Subject: You are invited to Acme Bcc: thief@evil\.example$/m);
      // Quoted-printable folds long lines with a soft break (`=` at the end of a line).
      expect(raw.replace(/=\r?\n/g, '')).toContain(
        'Eve Bcc: thief@evil.example X-Injected: yes invited you to join "Acme Bcc: thief@evil.example ".',
      );
      expect(raw).toMatch(/^Hello,$/m);

      for (const to of [
        'ann@example.com\r\nBcc: thief@evil.example',
        'ann@example.com, thief@evil.example',
        'Ann <ann@example.com>',
      ]) {
        await expect(mailer.send({ to, subject: 'Hi', text: 'Hi' })).rejects.toThrow('single plain address');
      }
      expect(readdirSync(mailboxDir)).toHaveLength(1);
    } finally {
      rmSync(join(mailboxDir, '..'), { recursive: true, force: true });
    }
  });
});
