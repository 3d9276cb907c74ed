import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { opportunitiesKey } from '../../../lib/opportunity-keys.ts';
import { useSession } from '../../../lib/session.ts';
import { useIsMobile } from '../../../ui/responsive.ts';
import { useLeadImportQuery } from './api/use-lead-import-query.ts';
import { useUploadLeadsMutation } from './api/use-upload-leads-mutation.ts';
import { LeadImportForm } from './lead-import-form.tsx';
import { LeadImportProgress } from './lead-import-progress.tsx';

type Props = { opened: boolean; onClose: () => void };

/** 'Importar leads': a spreadsheet becomes contacts and cards in the background, its progress shown until done. */
export function LeadImportModal({ opened, onClose }: Props) {
  const { workspaceId } = useSession();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const upload = useUploadLeadsMutation(workspaceId);
  const [importId, setImportId] = useState<number | null>(null);
  const progress = useLeadImportQuery(workspaceId, importId);
  const status = progress.data?.status;

  useEffect(() => {
    if (status === 'done') void queryClient.invalidateQueries({ queryKey: opportunitiesKey(workspaceId) });
  }, [status, queryClient, workspaceId]);

  const close = () => {
    setImportId(null);
    upload.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Importar leads"
      size="lg"
      fullScreen={mobile}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {importId === null ? (
        <LeadImportForm
          saving={upload.isPending}
          onCancel={close}
          onSubmit={(input) => upload.mutate(input, { onSuccess: (created) => setImportId(created.id) })}
        />
      ) : (
        <LeadImportProgress progress={progress.data} onDone={close} />
      )}
    </Modal>
  );
}
