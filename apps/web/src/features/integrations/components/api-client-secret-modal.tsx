import { SecretOnceModal } from '../../../ui/copy/secret-once-modal.tsx';

type Props = { secret: string | null; onClose: () => void };

/** The integration's secret, the one time the server gives it out (creation or a new key). */
export function ApiClientSecretModal({ secret, onClose }: Props) {
  return (
    <SecretOnceModal
      title="Chave da integração"
      secret={secret}
      testId="api-client-secret"
      usage="Envie a chave em cada chamada, no cabeçalho Authorization: Bearer seguido da chave."
      onClose={onClose}
    />
  );
}
