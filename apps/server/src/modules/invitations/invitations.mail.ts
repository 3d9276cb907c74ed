import { roleLabel } from '@vendaval/core/roles';
import type { Invitation } from '@vendaval/core/schemas/auth';
import type { Platform } from '@vendaval/core/schemas/platform';
import { escapeHtml } from '../../infra/html.ts';
import type { MailMessage } from '../../infra/mail.ts';

export function invitationMail(platform: Platform, invitation: Invitation, link: string): MailMessage {
  const who = invitation.inviter_name || 'Um administrador';
  const what = `${who} convidou você para participar de "${invitation.workspace.name}" no ${platform.name} como ${roleLabel(invitation.role)}.`;
  const text = [what, '', 'Para aceitar o convite, abra o link abaixo (ele vale por 7 dias):', link].join(
    '\n',
  );
  const html = `<p>${escapeHtml(what)}</p>
<p><a href="${escapeHtml(link)}">Aceitar o convite</a> (o link vale por 7 dias).</p>`;
  return {
    to: invitation.email,
    subject: `${platform.short_name}: convite para ${invitation.workspace.name}`,
    text,
    html,
  };
}
