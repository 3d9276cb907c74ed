import EmojiPickerReact, { Categories, EmojiStyle } from 'emoji-picker-react';

const CATEGORIES = [
  { category: Categories.SUGGESTED, name: 'Recentes' },
  { category: Categories.SMILEYS_PEOPLE, name: 'Pessoas' },
  { category: Categories.ANIMALS_NATURE, name: 'Natureza' },
  { category: Categories.FOOD_DRINK, name: 'Comidas' },
  { category: Categories.TRAVEL_PLACES, name: 'Lugares' },
  { category: Categories.ACTIVITIES, name: 'Atividades' },
  { category: Categories.OBJECTS, name: 'Objetos' },
  { category: Categories.SYMBOLS, name: 'Símbolos' },
  { category: Categories.FLAGS, name: 'Bandeiras' },
];

/** Loaded on first use; native emoji, so no images are fetched from elsewhere. */
export function EmojiPicker({ onPick, width }: { onPick: (emoji: string) => void; width: number }) {
  return (
    <EmojiPickerReact
      emojiStyle={EmojiStyle.NATIVE}
      onEmojiClick={(data) => onPick(data.emoji)}
      searchPlaceHolder="Buscar"
      categories={CATEGORIES}
      previewConfig={{ showPreview: false }}
      lazyLoadEmojis
      width={width}
      height={360}
    />
  );
}
