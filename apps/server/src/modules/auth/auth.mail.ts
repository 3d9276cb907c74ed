import type { Platform } from '@vendaval/core/schemas/platform';
import { escapeHtml } from '../../infra/html.ts';
import type { MailMessage } from '../../infra/mail.ts';

export function passwordResetMail(
  platform: Platform,
  user: { name: string; email: string },
  link: string,
): MailMessage {
  const text = [
    `Olá, ${user.name}!`,
    '',
    `Recebemos um pedido para redefinir a sua senha no ${platform.name}.`,
    'Para escolher uma nova senha, abra o link abaixo (ele vale por 1 hora e só pode ser usado uma vez):',
    link,
    '',
    'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(user.name)}!</p>
<p>Recebemos um pedido para redefinir a sua senha no ${escapeHtml(platform.name)}.</p>
<p><a href="${escapeHtml(link)}">Redefinir minha senha</a> (o link vale por 1 hora e só pode ser usado uma vez).</p>
<p>Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.</p>`;
  return { to: user.email, subject: `${platform.short_name}: redefinição de senha`, text, html };
}
