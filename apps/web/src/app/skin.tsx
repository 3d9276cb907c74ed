import { useLocalStorage } from '@mantine/hooks';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';

export const SKINS = ['light', 'semi-dark', 'dark'] as const;
export type Skin = (typeof SKINS)[number];
export const DEFAULT_SKIN: Skin = 'semi-dark';

export const SKIN_LABELS: Record<Skin, string> = {
  light: 'Claro',
  'semi-dark': 'Semi-escuro',
  dark: 'Escuro',
};

export function parseSkin(value: string | null | undefined): Skin {
  return SKINS.find((skin) => skin === value) ?? DEFAULT_SKIN;
}

type SkinState = { skin: Skin; setSkin: (skin: Skin) => void };

const SkinContext = createContext<SkinState>({ skin: DEFAULT_SKIN, setSkin: () => {} });

export function SkinProvider({ children }: { children: ReactNode }) {
  const [skin, setSkin] = useLocalStorage<Skin>({
    key: STORAGE_KEYS.skin,
    defaultValue: DEFAULT_SKIN,
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => parseSkin(value),
  });
  const state = useMemo(() => ({ skin, setSkin }), [skin, setSkin]);
  return <SkinContext value={state}>{children}</SkinContext>;
}

export function useSkin(): SkinState {
  return useContext(SkinContext);
}
