/** A label as the app shows it. */
export interface ChipLabel {
  id: number;
  name: string;
  color?: string | null;
}

/**
 * The colour to draw for a label, or undefined (the muted dot). The server
 * only stores `#rrggbb`; a label written before that rule may hold any text,
 * which never reaches a style.
 */
export function labelColor(label: ChipLabel): string | undefined {
  return label.color && /^#[0-9a-f]{6}$/i.test(label.color) ? label.color : undefined;
}
