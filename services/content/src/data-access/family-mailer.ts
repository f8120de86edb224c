import nodemailer from 'nodemailer';

import type { SendMail } from '../domain/family';

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  password?: string;
  from: string;
}

/** Mails to parents (the consent invitation), through the same SMTP server Keycloak uses. */
export function createFamilyMailer(smtp: SmtpSettings): SendMail {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    // STARTTLS when the server offers it (the operator's); maildev locally offers none.
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
  });
  return async (mail) => {
    await transport.sendMail({ from: smtp.from, ...mail });
  };
}
