// Actions a screen offers to the command menu while it is shown (the board's
// "Create task" and "Search tasks"), registered with useScreenCommands.
import { useEffect, useSyncExternalStore } from 'react';

/** An action of the current screen. */
export interface ScreenCommand {
  id: string;
  label: string;
  run: () => void;
}

let current: ScreenCommand[] = [];
const listeners = new Set<() => void>();

function setCommands(commands: ScreenCommand[]) {
  current = commands;
  for (const l of listeners) l();
}

/** Offers `commands` to the command menu while the calling screen is mounted. */
export function useScreenCommands(commands: ScreenCommand[]) {
  useEffect(() => {
    setCommands(commands);
    return () => setCommands([]);
  }, [commands]);
}

/** The current screen's commands. */
export function useCurrentScreenCommands(): ScreenCommand[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => current,
  );
}
