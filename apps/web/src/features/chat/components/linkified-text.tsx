import { Anchor } from '@mantine/core';
import { linkify } from '@vendaval/core/format';
import { Fragment } from 'react';

/** User text as text nodes, with links and e-mail addresses as anchors built from the parts — never HTML. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.type === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer" inherit>
            {part.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
