import { Button, FileInput, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { isClosedStageType, SOURCE_TYPE_LABELS, type SourceType } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import {
  DEFAULT_LEAD_IMPORT_SOURCE,
  LEAD_IMPORT_MAX_BYTES,
  LEAD_IMPORT_SOURCE_TYPES,
  type LeadImportFields,
} from '@vendaval/core/schemas/lead-import';
import { type FormEvent, useState } from 'react';
import {
  useCampaignsQuery,
  useMediasQuery,
  useProductsQuery,
  useSalesStagesQuery,
  useWorkingMembersQuery,
} from '../../../lib/lookups/lookups.ts';
import { usePlatform, useRoleLabel, useTerms } from '../../../lib/platform.ts';
import { useWorkspaceSettingsQuery } from '../../../lib/use-workspace-settings-query.ts';
import { AcceptedColumns } from './accepted-columns.tsx';
import type { LeadUpload } from './api/use-upload-leads-mutation.ts';
import { termNoun } from './term-noun.ts';

export const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ROUND_ROBIN = 'rodizio';

type Props = { saving: boolean; onCancel: () => void; onSubmit: (upload: LeadUpload) => void };

const options = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));
const idOf = (value: string | null) => (value ? Number(value) : undefined);

/** The file and what its cards get: stage, responsible, origin and the lists a person would fill in. */
export function LeadImportForm({ saving, onCancel, onSubmit }: Props) {
  const terms = useTerms();
  const roleLabel = useRoleLabel();
  const { flags } = usePlatform();
  const fixedUser = useWorkspaceSettingsQuery().distribution === 'fixed_user';
  const stages = useSalesStagesQuery();
  const members = useWorkingMembersQuery();
  const medias = useMediasQuery();
  const campaigns = useCampaignsQuery();
  const products = useProductsQuery();

  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [stage, setStage] = useState<string | null>(null);
  const [responsible, setResponsible] = useState<string>(ROUND_ROBIN);
  const [source, setSource] = useState<SourceType>(DEFAULT_LEAD_IMPORT_SOURCE);
  const [media, setMedia] = useState<string | null>(null);
  const [campaign, setCampaign] = useState<string | null>(null);
  const [product, setProduct] = useState<string | null>(null);

  const openStages = (stages.data ?? []).filter((s) => !isClosedStageType(s.type));
  const firstStage = openStages.find((s) => s.type === 'First') ?? openStages[0];
  const chosenStage = stage ?? (firstStage ? String(firstStage.id) : null);

  const pick = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && chosen.size > LEAD_IMPORT_MAX_BYTES ? MESSAGES.leadImportFileTooLarge : null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return setFileError('Escolha a planilha a importar.');
    if (fileError) return;
    const fields: LeadImportFields = {
      sales_stage_id: idOf(chosenStage),
      user_id: responsible === ROUND_ROBIN ? undefined : idOf(responsible),
      source_type: source,
      media_id: idOf(media),
      campaign_id: idOf(campaign),
      product_id: idOf(product),
    };
    onSubmit({ file, fields });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AcceptedColumns />
        <FileInput
          label="Planilha (.csv ou .xlsx)"
          placeholder="Escolha o arquivo"
          accept={ACCEPT}
          value={file}
          onChange={pick}
          error={fileError}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': 'Remover arquivo' }}
          withAsterisk
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Etapa"
            data={options(openStages)}
            value={chosenStage}
            onChange={setStage}
            allowDeselect={false}
          />
          <Select
            label="Responsável"
            description={
              fixedUser
                ? 'Distribuição automática: o usuário fixo definido nas configurações do workspace'
                : `Rodízio: entre quem tem a função ${roleLabel(flags.main_collaborator)} e está em atividade`
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={[
              { value: ROUND_ROBIN, label: 'Distribuição automática (rodízio)' },
              ...options(members.data),
            ]}
            value={responsible}
            onChange={(value) => setResponsible(value ?? ROUND_ROBIN)}
            allowDeselect={false}
            searchable
          />
          <Select
            label="Origem"
            data={LEAD_IMPORT_SOURCE_TYPES.map((value) => ({ value, label: SOURCE_TYPE_LABELS[value] }))}
            value={source}
            onChange={(value) => setSource((value as SourceType | null) ?? DEFAULT_LEAD_IMPORT_SOURCE)}
            allowDeselect={false}
          />
          <Select
            label="Mídia"
            placeholder="Nenhuma"
            data={options(medias.data)}
            value={media}
            onChange={setMedia}
            clearable
            searchable
          />
          <Select
            label="Campanha"
            placeholder="Nenhuma"
            data={options(campaigns.data)}
            value={campaign}
            onChange={setCampaign}
            clearable
            searchable
          />
          <Select
            label={termNoun(terms.product_term)}
            placeholder="Nenhum"
            data={options(products.data)}
            value={product}
            onChange={setProduct}
            clearable
            searchable
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Mídia, campanha e {termNoun(terms.product_term).toLocaleLowerCase('pt-BR')} escritos na planilha têm
          prioridade: os escolhidos aqui valem para as linhas que não os informarem.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Importar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
