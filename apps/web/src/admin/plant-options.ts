// The console's plant pickers show the plant codes as they are (NT, HZ, …), as the clerks name them.
export const plantOptions = (plants: readonly string[]) => plants.map((plant) => ({ value: plant, label: plant }));
