import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

type Props<T extends { id: number }> = {
  /** The row being edited, or 'new'; null closes the modal. */
  record: T | 'new' | null;
  titles: { create: string; edit: string };
  size?: ModalProps['size'];
  onClose: () => void;
  /** The form, given the row it edits (null for a new one); it starts afresh for each row. */
  children: (editing: T | null) => ReactNode;
};

/** The modal of an admin list's add/edit form: titled for the case, its form remounted per row. */
export function RecordFormModal<T extends { id: number }>({
  record,
  titles,
  size,
  onClose,
  children,
}: Props<T>) {
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title={record === 'new' ? titles.create : titles.edit}
      centered
      size={size}
    >
      {record !== null && (
        <div key={record === 'new' ? 'new' : record.id}>{children(record === 'new' ? null : record)}</div>
      )}
    </Modal>
  );
}
