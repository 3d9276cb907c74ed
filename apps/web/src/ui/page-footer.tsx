import { Group, Pagination, Text } from '@mantine/core';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';

type PageFooterProps = {
  page: number;
  total: number;
  /** What the rows are, singular and plural: ['contato', 'contatos']. */
  noun: [string, string];
  /** Phone width: fewer page buttons. */
  compact: boolean;
  onPage: (page: number) => void;
};

const controlLabel = (control: string) =>
  control === 'previous' ? 'Página anterior' : control === 'next' ? 'Próxima página' : undefined;

/** Under a list of ADMIN_PAGE_SIZE rows a page: '1–50 de 120 contatos' and the page buttons when there are more. */
export function PageFooter({ page, total, noun, compact, onPage }: PageFooterProps) {
  if (total === 0) return null;
  const pages = Math.ceil(total / ADMIN_PAGE_SIZE);
  const first = (page - 1) * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, page * ADMIN_PAGE_SIZE);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {first}–{last} de {total} {total === 1 ? noun[0] : noun[1]}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={compact ? 0 : 1}
          getControlProps={(control) => ({ 'aria-label': controlLabel(control) })}
        />
      )}
    </Group>
  );
}
