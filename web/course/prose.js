// PLACEHOLDER until the glossary branch lands: plain text.
export const prose = (text) => [String(text).replace(/\[\[(?:([^|\]]*)\|)?([^\]]*)\]\]/g, (_, t, id) => t ?? id)];
