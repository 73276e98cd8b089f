// Reordering a board's sections (pure; tested in test/web): a move is sent
// as `moveAfterSectionId` (null: to the first place), the API's one shape.

/** A section's new place: the new order of ids and what updateSection is sent. */
export interface SectionMove {
  order: number[];
  sectionId: number;
  moveAfterSectionId: number | null;
  /** The new position, 1-based. */
  position: number;
}

/** Moves `sectionId` to index `to` (clamped) of `order`; null when it stays where it is or is unknown. */
export function moveSectionTo(order: readonly number[], sectionId: number, to: number): SectionMove | null {
  const from = order.indexOf(sectionId);
  if (from < 0) return null;
  const rest = order.filter((id) => id !== sectionId);
  const index = Math.max(0, Math.min(rest.length, to));
  if (index === from) return null;
  const next = [...rest.slice(0, index), sectionId, ...rest.slice(index)];
  return { order: next, sectionId, moveAfterSectionId: index === 0 ? null : rest[index - 1]!, position: index + 1 };
}

/** One place up (-1) or down (+1), as the keyboard moves it. */
export function moveSectionBy(order: readonly number[], sectionId: number, delta: -1 | 1): SectionMove | null {
  const from = order.indexOf(sectionId);
  return from < 0 ? null : moveSectionTo(order, sectionId, from + delta);
}

/**
 * A drop of `sectionId` on the row of `targetId`, in its upper half
 * (`before`) or lower half: the index it lands at among the others.
 */
export function moveSectionOnto(
  order: readonly number[],
  sectionId: number,
  targetId: number,
  before: boolean,
): SectionMove | null {
  if (sectionId === targetId) return null;
  const rest = order.filter((id) => id !== sectionId);
  const target = rest.indexOf(targetId);
  if (target < 0) return null;
  return moveSectionTo(order, sectionId, before ? target : target + 1);
}

/**
 * Where a deleted section's tasks go, as the service moves them (spec: the
 * first remaining section; a visible one when there is one). Null for the
 * last section, which cannot be deleted.
 */
export function receivingSection<S extends { id: number; visible: boolean }>(
  sections: readonly S[],
  deletedId: number,
): S | null {
  const rest = sections.filter((s) => s.id !== deletedId);
  return rest.find((s) => s.visible) ?? rest[0] ?? null;
}
