import { Accordion, Table, Text } from '@mantine/core';
import { LEAD_IMPORT_COLUMNS } from '@vendaval/core/schemas/lead-import';
import { useTerms } from '../../../lib/platform.ts';
import { termNoun } from './term-noun.ts';

/** What the spreadsheet may hold: the columns read from its first line, and the other names each goes by. */
export function AcceptedColumns() {
  const terms = useTerms();
  const label = (field: string, fallback: string) => {
    if (field === 'product') return termNoun(terms.product_term);
    if (field === 'price') return terms.price_term;
    return fallback;
  };
  return (
    <div>
      <Text size="sm">
        Envie uma planilha <b>.csv</b> (separada por ponto e vírgula ou vírgula) ou <b>.xlsx</b>, com até 10
        MB e 10.000 linhas. A primeira linha traz os nomes das colunas: <b>Nome</b> e <b>Telefone</b> são
        obrigatórias; as outras colunas conhecidas são opcionais e as desconhecidas são ignoradas. Linhas com
        o telefone de um contato já cadastrado são mescladas a ele.
      </Text>
      <Accordion variant="contained" mt="xs">
        <Accordion.Item value="columns">
          <Accordion.Control>Colunas aceitas</Accordion.Control>
          <Accordion.Panel>
            <Table fz="xs" verticalSpacing={4} withRowBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Coluna</Table.Th>
                  <Table.Th>Nomes aceitos na primeira linha</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {LEAD_IMPORT_COLUMNS.map((column) => (
                  <Table.Tr key={column.field}>
                    <Table.Td fw={column.required ? 700 : undefined}>
                      {label(column.field, column.label)}
                      {column.required ? ' *' : ''}
                    </Table.Td>
                    <Table.Td>{column.headers.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </div>
  );
}
