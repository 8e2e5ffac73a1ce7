import { Fragment } from "react";

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its http(s) links made clickable (the dev outbox shows mails and SMS this way). */
export function Linkify({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
