// The console's plant pickers and tables show a plant by the name the SysAdmin gave it (公司信息), else by its code
// (NT, HZ, …). The names come with the face the console reads at start (lib/site-face.ts); the console's gate uses
// the face, so every page is drawn again, with these labels, when it arrives or a save changes it.
import { currentSiteFace, plantNameOf } from '../lib/site-face';

/** A plant as people read it: its display name, else its code. */
export const plantLabel = (code: string) => plantNameOf(currentSiteFace(), code);

export const plantOptions = (plants: readonly string[]) =>
  plants.map((plant) => ({ value: plant, label: plantLabel(plant) }));
