/** Text that someone typed, placed in a message that we write and send in our own name. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Someone's words made inert: mail clients turn whatever looks like an address (https://…, www.…,
 * name@host) into a link, and a link in our message would be a link we vouch for. A zero-width
 * space after each dot, colon, slash and at-sign keeps the words as they read and breaks that
 * detection. For the plain-text part of a mail.
 */
export function inertText(text: string): string {
  return text.replace(/[.:/@]/g, (c) => `${c}\u200B`);
}

/** The same words for the HTML part: inert, and escaped, so that no tag or anchor survives. */
export function inertHtml(text: string): string {
  return escapeHtml(inertText(text));
}
