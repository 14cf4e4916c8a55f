// A typed search word inside a LIKE pattern: its %, _ and \ match themselves, not any text.
export const likeText = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
