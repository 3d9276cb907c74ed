import { SecretOnceModal } from '../../../ui/copy/secret-once-modal.tsx';

type Props = { secret: string | null; onClose: () => void };

/** The signing secret, the one time the server gives it out (creation or rotation). */
export function WebhookSecretModal({ secret, onClose }: Props) {
  return (
    <SecretOnceModal
      title="Chave de assinatura"
      secret={secret}
      testId="webhook-secret"
      usage="Cada envio traz o cabeçalho X-Vendaval-Signature no formato t=…,v1=…: v1 é o HMAC-SHA256, com esta chave, de t, um ponto e o corpo recebido."
      onClose={onClose}
    />
  );
}
