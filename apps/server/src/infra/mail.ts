import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when configured; otherwise each message is written as JSON under `<dataDir>/outbox/` and logged. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    send: async (message) => {
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${Date.now()}-${safeName(message.to)}.json`);
      await writeFile(
        file,
        JSON.stringify({ from: options.from, ...message, sent_at: new Date().toISOString() }, null, 2),
      );
      options.logger.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the outbox');
    },
  };
}

const safeName = (address: string) => address.replace(/[^a-zA-Z0-9@._-]/g, '_');
